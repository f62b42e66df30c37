/**
 * Shares runs of `check` among concurrent callers: a caller gets the result of a run that started
 * after its call (one already running may have read too early for it, so it waits for the next),
 * and every caller that arrived while one ran shares that next run. Under load a check then costs
 * one round trip per batch of requests, not one per request.
 */
export function batched<T>(check: () => Promise<T>): () => Promise<T> {
  let running = false;
  let waiting: { resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const runWaiting = () => {
    const batch = waiting;
    waiting = [];
    running = true;
    check()
      .then(
        (value) => batch.forEach((caller) => caller.resolve(value)),
        (error: unknown) => batch.forEach((caller) => caller.reject(error)),
      )
      .finally(() => {
        running = false;
        if (waiting.length > 0) runWaiting();
      });
  };
  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!running) runWaiting();
    });
}

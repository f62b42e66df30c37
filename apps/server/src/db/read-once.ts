import { AsyncLocalStorage } from 'node:async_hooks';

const loads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs `load`, in which a read asked for again by the same key is sent once: a reading page's
 * head and its data, loaded side by side (modules/web), both need its blog or its member. For
 * loads that write nothing, so no answer can go stale within one.
 */
export const loadingOnce = <T>(load: () => Promise<T>): Promise<T> => loads.run(new Map(), load);

/** `read()`'s answer, or within loadingOnce the answer of the read of the same `key` already asked. */
export function readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  const asked = loads.getStore();
  if (!asked) return read();
  let answer = asked.get(key) as Promise<T> | undefined;
  if (!answer) asked.set(key, (answer = read()));
  return answer;
}

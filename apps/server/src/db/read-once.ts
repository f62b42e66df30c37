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

/**
 * Within loadingOnce, sends `read` now, one statement answering several reads the load will ask
 * for, and keeps each key's answer made of it (`answers`) for readOnce or readAheadOf to take. A
 * key already asked keeps its own answer; when every key was, nothing is sent, nor outside
 * loadingOnce. So a blog page reads its blog and its similar blogs in one trip to the database
 * instead of two, one after the other.
 */
export function readAhead<T>(read: () => Promise<T>, answers: Record<string, (answer: T) => unknown>): void {
  const asked = loads.getStore();
  const unasked = Object.entries(answers).filter(([key]) => !asked?.has(key));
  if (!asked || unasked.length === 0) return;
  const answer = read();
  for (const [key, of] of unasked) {
    const kept = answer.then(of);
    // A failed read fails whoever takes it; one nobody takes must not fail the process.
    kept.catch(() => undefined);
    asked.set(key, kept);
  }
}

/** The answer readAhead (or readOnce) keeps under `key` within this load, if any. */
export const readAheadOf = <T>(key: string): Promise<T> | undefined =>
  loads.getStore()?.get(key) as Promise<T> | undefined;

/**
 * The bench's load generator, in a worker thread so that the clients do not share the server's
 * thread: `concurrency` clients each send the same request in a loop for `seconds`, and the worker
 * posts back how many were answered and the longest one took.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadResult {
  answered: number;
  slowestMs: number;
}

export interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  seconds: number;
  concurrency: number;
}

const { url, method, headers, body, seconds, concurrency } = workerData as Load;

const call = async () => {
  const res = await fetch(url, { method, headers, body });
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${method} ${url}: HTTP ${res.status}`);
};

for (let i = 0; i < 5; i++) await call(); // warm up: connections, caches, prepared statements
const until = performance.now() + seconds * 1000;
const result: LoadResult = { answered: 0, slowestMs: 0 };
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const start = performance.now();
      await call();
      result.answered++;
      result.slowestMs = Math.max(result.slowestMs, performance.now() - start);
    }
  }),
);
parentPort!.postMessage(result);

/**
 * The bench's load generator, in a worker thread so that the clients do not share the server's
 * thread: `concurrency` clients each send the same request in a loop for `seconds`, and the worker
 * posts back how many were answered and how long each took.
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface Load {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  seconds: number;
  concurrency: number;
}

export interface Outcome {
  answered: number;
  /** Milliseconds from sending each request to reading its whole answer. */
  latencies: number[];
}

const { url, method, headers, body, seconds, concurrency } = workerData as Load;

const call = async () => {
  const res = await fetch(url, { method, headers, body });
  await res.arrayBuffer();
  if (res.status >= 500) throw new Error(`${method} ${url}: HTTP ${res.status}`);
};

for (let i = 0; i < 5; i++) await call(); // warm up: connections, caches, prepared statements
const until = performance.now() + seconds * 1000;
const latencies: number[] = [];
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      await call();
      latencies.push(performance.now() - sent);
    }
  }),
);
parentPort!.postMessage({ answered: latencies.length, latencies } satisfies Outcome);

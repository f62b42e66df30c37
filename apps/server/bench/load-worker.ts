/**
 * The bench's load generator, in a worker thread so that the clients do not share the server's
 * thread: `concurrency` clients each send requests in a loop for `seconds`, each to one of `urls`
 * drawn by `weights` (one URL: always it), and the worker posts back how many were answered and
 * how long each took.
 *
 * The clients ask as browsers do (`Accept-Encoding: gzip, deflate, br` unless `headers` say
 * otherwise), over kept-alive connections, and read each answer whole without decoding it: a bench
 * measures the server. With fetch, which decodes what it reads, this thread spent more time
 * decompressing pages than the server took to send them, and on two cores the readers, not the
 * server, set the pace (the server was idle half the time).
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface Load {
  urls: string[];
  /** One per URL, in any unit; equal when left out. */
  weights?: number[];
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

const { urls, weights, method, headers, body, seconds, concurrency } = workerData as Load;

let sum = 0;
const cumulative = urls.map((_, i) => (sum += weights?.[i] ?? 1));
const pick = () => {
  const drawn = Math.random() * sum;
  return urls[cumulative.findIndex((upTo) => drawn < upTo)] ?? urls.at(-1)!;
};

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const sentHeaders = { 'accept-encoding': 'gzip, deflate, br', ...headers };

const call = () =>
  new Promise<void>((resolve, reject) => {
    const url = pick();
    const req = request(url, { method, headers: sentHeaders, agent }, (res) => {
      res.on('data', () => {});
      res.on('error', reject);
      res.on('end', () =>
        (res.statusCode ?? 0) >= 500 ? reject(new Error(`${method} ${url}: HTTP ${res.statusCode}`)) : resolve(),
      );
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });

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

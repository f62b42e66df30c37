import { Worker } from 'node:worker_threads';
import type { Load, Outcome } from './load-worker.ts';

/** Runs `load` from a thread of its own (`load-worker.ts`), so the clients do not share the server's thread. */
export async function runLoad(load: Load): Promise<Outcome> {
  const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: load });
  try {
    return await new Promise<Outcome>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** The median of slices' rates: a burst of load from elsewhere during one slice counts once. */
export const median = (values: number[]) => values.toSorted((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** The `p`th percentile of sorted latencies. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

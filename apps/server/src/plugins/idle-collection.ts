import type { FastifyInstance } from 'fastify';

export interface IdleCollectionOptions {
  /** A full collection that hands freed memory back to the system; none, and nothing is registered. */
  collect?: (() => void) | undefined;
  /** The process's memory now, in bytes. */
  rss?: () => number;
  /** How long without an answer makes the server idle. */
  idleMs?: number;
  /** How much the process must have grown since the last collection (or start) to be worth one. */
  growthBytes?: number;
}

/** V8's collection of all it can, releasing the pages it frees: `gc` exists when Node runs with --expose-gc (start.ts). */
const lastResortCollection = () =>
  globalThis.gc && (() => void globalThis.gc!({ type: 'major', execution: 'sync', flavor: 'last-resort' }));

const CHECK_MS = 2000;

/**
 * Gives memory back once the server turns idle after a busy spell. V8 collects as the server
 * allocates; when requests stop nothing allocates, so nothing is collected, and its own memory
 * reducer waits for an allocation rate it no longer measures: after a load the heap stayed at its
 * busiest size for good. So once no answer has left for `idleMs` and the process has grown by
 * `growthBytes` since the last time, one full collection runs: it pauses nobody (no request is
 * being answered) and runs once a busy spell, not on a quiet site's every request.
 *
 * The same holds for the start: migrations, the database's opening and every module's first run
 * leave garbage that a quiet site would keep as long as it runs (20–27 MiB on PGlite, measured by
 * `npm run bench:memory`), so one collection runs as the server gets ready, before any request.
 */
export function registerIdleCollection(
  app: FastifyInstance,
  {
    collect = lastResortCollection(),
    rss = () => process.memoryUsage.rss(),
    idleMs = 10_000,
    growthBytes = 16 * 1024 * 1024,
  }: IdleCollectionOptions = {},
) {
  if (!collect) return;
  let lastAnswer = 0;
  // Requests answered since the last collection: work in the background alone (a long import) starts none.
  let answered = false;
  let baseline = Infinity;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onResponse', async () => {
    lastAnswer = performance.now();
    answered = true;
  });
  app.addHook('onReady', async () => {
    collect();
    baseline = rss();
    timer = setInterval(() => {
      if (!answered || performance.now() - lastAnswer < idleMs || rss() - baseline < growthBytes) return;
      collect();
      answered = false;
      baseline = rss();
    }, CHECK_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

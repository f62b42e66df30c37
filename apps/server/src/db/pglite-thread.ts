import { Worker, type ResourceLimits } from 'node:worker_threads';
import { messages, type ParserOptions, type Results, type RowMode } from '@electric-sql/pglite';
import type { CrossingError, Reply, Request, Start } from './pglite-worker.ts';

export interface QueryOptions {
  rowMode?: RowMode;
  parsers?: ParserOptions;
}

/** What drizzle-orm/pglite asks of a transaction. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * PGlite in a worker thread (`pglite-worker.ts`), with the part of its interface drizzle-orm/pglite
 * uses: `query` (its parsers run here, on the text the thread sends back) and `transaction`, which
 * holds PGlite's one connection until the callback settles, as PGlite's own does.
 */
export interface PgliteThread extends PgliteQueries {
  transaction<T>(run: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Writes the data folder to `file`, for a later thread to start from (`template`). */
  dumpTo(file: string): Promise<void>;
  /** CHECKPOINT (on disk), closes PGlite and ends the thread. */
  close(): Promise<void>;
}

export interface ThreadOptions {
  /** Bound the thread's heap (a test makes it run out, to see the thread die). */
  resourceLimits?: ResourceLimits;
  /** A tarball written by `dumpTo`: the new database starts as a copy of it. */
  template?: string | undefined;
  /** PostgreSQL's shared_buffers in MiB; PGlite's own default (128) when unset. */
  sharedBuffersMb?: number | undefined;
}

/**
 * Starts the thread on `dataDir` (a PGlite data folder or `memory://`); resolves once the database
 * is open.
 */
export async function startPgliteThread(
  dataDir: string,
  { resourceLimits, template, sharedBuffersMb }: ThreadOptions = {},
): Promise<PgliteThread> {
  const workerData: Start = { dataDir, template, sharedBuffersMb };
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData,
    ...(resourceLimits && { resourceLimits }),
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const subscriptions = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };
  // The thread keeps the process alive only while an answer is awaited, as PGlite in this thread did.
  const awaiting = (id: number) =>
    new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
    });
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiting;
  };
  const call = (request: Request) => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    const answer = awaiting(id);
    try {
      worker.postMessage({ id, request });
    } catch (error) {
      settle(id)!.reject(error as Error); // a parameter that cannot cross
    }
    return answer;
  };

  worker.on('message', (reply: Reply) => {
    if ('subscription' in reply) return subscriptions.get(reply.subscription)?.(reply.payload);
    const waiting = settle(reply.id);
    if ('error' in reply) waiting?.reject(revive(reply.error));
    else waiting?.resolve(reply.value);
  });
  worker.on('error', (error) => stop(new Error(`The database thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));

  try {
    await awaiting(0);
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  const query = async <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number) => {
    const parsers = options.parsers ?? {};
    const rowMode = options.rowMode ?? 'object';
    const result = (await call({
      op: 'query',
      tx,
      sql,
      params,
      rowMode,
      textTypes: Object.keys(parsers).map(Number),
    })) as Results<T>;
    parse(result, rowMode, parsers);
    return result;
  };
  return {
    query: (sql, params, options) => query(sql, params, options),
    async transaction(run) {
      const tx = (await call({ op: 'begin' })) as number;
      let result;
      try {
        result = await run({ query: (sql, params, options) => query(sql, params, options, tx) });
      } catch (error) {
        // The caller needs the callback's error; a rollback that fails too has a thread gone, which every later call reports.
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onMessage) {
      const subscription = nextId; // the id of the listen request below, by which the thread names its notifications
      subscriptions.set(subscription, onMessage);
      await call({ op: 'listen', channel });
      return async () => {
        subscriptions.delete(subscription);
        await call({ op: 'unlisten', subscription });
      };
    },
    async dumpTo(file) {
      await call({ op: 'dumpTo', file });
    },
    async close() {
      try {
        await call({ op: 'close' });
      } finally {
        stop(new Error('The database is closed'));
        await worker.terminate();
      }
    },
  };
}

/** Runs the caller's parsers on the columns of their types, as PGlite would have (never on NULL). */
function parse(result: Results<unknown>, rowMode: RowMode, parsers: ParserOptions) {
  // In object mode a name given twice holds the last column of that name.
  const columns = new Map(result.fields.map((field, i) => [rowMode === 'array' ? i : field.name, field.dataTypeID]));
  const parsed = [...columns].filter(([, type]) => parsers[type]);
  if (parsed.length === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, type] of parsed) {
      if (row[key] !== null) row[key] = parsers[type]!(row[key] as string);
    }
  }
}

/** The error as PGlite threw it in the thread: a DatabaseError keeps its class and PostgreSQL's fields. */
function revive({ fromDatabase, ...fields }: CrossingError): Error {
  const error = fromDatabase ? new messages.DatabaseError(fields.message, 0, 'error') : new Error(fields.message);
  return Object.assign(error, fields);
}

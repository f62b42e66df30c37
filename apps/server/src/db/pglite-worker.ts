/**
 * The thread PGlite lives in (`pglite-thread.ts` is the other end). PGlite is PostgreSQL in WASM:
 * a query runs to its end without yielding, so on the server's own thread every query would stop
 * every request. Here it blocks only this thread, and PGlite's own mutex still runs one query or
 * one transaction at a time.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite, types, type ParserOptions, type RowMode, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CUSTOM_PLANS, preparedStatements } from './pglite-statements.ts';

export type Request =
  /** `textTypes`: the types whose values come back as PostgreSQL's text, for the caller's own parsers. */
  | { op: 'query'; tx: number | undefined; sql: string; params: unknown[]; rowMode: RowMode; textTypes: number[] }
  /** Answers once inside the transaction; its queries then name it in `tx` until `end`. */
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; subscription: number }
  /** Writes the whole data folder to `file` as a gzipped tarball, for a later thread's `template`. */
  | { op: 'dumpTo'; file: string }
  | { op: 'close' };

/** An error as it crosses: its own fields (PostgreSQL's `code`, `detail`, …) and whether it came from the database. */
export type CrossingError = Record<string, unknown> & { message: string; fromDatabase: boolean };

/** To the server's thread: the answer to request `id` (`id` 0: the database is open), or a notification. */
export type Reply =
  { id: number; value?: unknown } | { id: number; error: CrossingError } | { subscription: number; payload: string };

export interface Start {
  /** PGlite's data folder, or `memory://`. */
  dataDir: string;
  /** A tarball written by `dumpTo` that a new in-memory database starts as. */
  template?: string | undefined;
  /** shared_buffers in MiB; PGlite's default when unset. */
  sharedBuffersMb?: number | undefined;
}

const port = parentPort!;
const { dataDir, template, sharedBuffersMb } = workerData as Start;

interface Open {
  tx: Transaction;
  end(commit: boolean): void;
  finished: Promise<void>;
}
const transactions = new Map<number, Open>();
const subscriptions = new Map<number, () => Promise<void>>();
const keepText = (value: string) => value;

/**
 * The types Drizzle's PGlite session reads as PostgreSQL's text (drizzle-orm/pglite/session.js:
 * dates, timestamps, intervals, their arrays and numeric[]). This thread's PGlite reads them so
 * itself, and a query asking for exactly these brings PGlite no parsers: for one that does, PGlite
 * copies its whole table of some 300 parsers into a new object, which cost 0.25–0.35 ms a
 * statement, more than a look-up by key. Any other set is still honoured, at that price.
 */
const TEXT_TYPES = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
const TEXT_TYPES_KEY = TEXT_TYPES.join();

/** Makes `db` read TEXT_TYPES as text; answers the parsers for a query that reads `textTypes` as text and the rest as PGlite does. */
async function readTextTypesAsText(db: PGlite): Promise<(textTypes: number[]) => ParserOptions | undefined> {
  const { rows } = await db.query<{ oid: number; typelem: number }>(
    'select oid::int, typelem::int from pg_type where oid = any($1::oid[])',
    [TEXT_TYPES],
  );
  const elementOf = new Map(rows.filter((row) => row.typelem !== 0).map((row) => [row.oid, row.typelem]));
  const own = { ...db.parsers };
  // PGlite's own array parsers look their elements' parser up in db.parsers when they run, which now keeps text.
  const ownParser = (type: number) => {
    const element = elementOf.get(type);
    if (element === undefined) return own[type]!;
    const parseElement = own[element]!;
    return (value: string) => types.arrayParser(value, parseElement, type) as unknown;
  };
  db.parsers = { ...db.parsers, ...Object.fromEntries(TEXT_TYPES.map((type) => [type, keepText])) };

  const others = new Map<string, ParserOptions>();
  return (textTypes) => {
    const key = [...textTypes].sort((a, b) => a - b).join();
    if (key === TEXT_TYPES_KEY) return undefined;
    let parsers = others.get(key);
    if (!parsers) {
      parsers = Object.fromEntries([
        ...TEXT_TYPES.filter((type) => !textTypes.includes(type)).map((type) => [type, ownParser(type)] as const),
        ...textTypes.map((type) => [type, keepText] as const),
      ]);
      others.set(key, parsers);
    }
    return parsers;
  };
}

function send(reply: Reply) {
  try {
    port.postMessage(reply);
  } catch (error) {
    // A value that cannot cross must still answer the request, or its caller would wait for ever.
    if ('id' in reply) port.postMessage({ id: reply.id, error: crossing(error) });
  }
}

function crossing(error: unknown): CrossingError {
  if (!(error instanceof Error)) return { message: String(error), fromDatabase: false };
  // The query options PGlite attaches hold the caller's parsers, functions that cannot cross; the caller has them.
  const { queryOptions: _options, ...fields } = error as Error & { queryOptions?: unknown };
  return {
    ...fields,
    name: error.name,
    message: error.message,
    stack: error.stack,
    fromDatabase: error instanceof messages.DatabaseError,
  };
}

function transaction(tx: number): Transaction {
  const open = transactions.get(tx);
  if (!open) throw new Error('The transaction has already ended');
  return open.tx;
}

type ParsersFor = Awaited<ReturnType<typeof readTextTypesAsText>>;

async function handle(
  db: PGlite,
  statements: ReturnType<typeof preparedStatements>,
  parsersFor: ParsersFor,
  id: number,
  request: Request,
): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      if (request.tx !== undefined) transaction(request.tx); // still open
      return statements.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.textTypes),
        inTransaction: request.tx !== undefined,
      });
    }
    case 'begin': {
      let end!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (end = resolve));
      return new Promise((started, failed) => {
        // PGlite calls this only after BEGIN has run, by when `finished` is set.
        const finished = db.transaction(async (tx) => {
          transactions.set(id, { tx, end, finished });
          started(id);
          if (!(await decided)) await tx.rollback();
        });
        finished.catch(failed); // BEGIN failed: nobody holds the transaction yet
      });
    }
    case 'end': {
      const open = transactions.get(request.tx)!;
      open.end(request.commit);
      try {
        return await open.finished;
      } finally {
        transactions.delete(request.tx);
      }
    }
    case 'listen':
      subscriptions.set(id, await db.listen(request.channel, (payload) => send({ subscription: id, payload })));
      return;
    case 'unlisten':
      await subscriptions.get(request.subscription)?.();
      subscriptions.delete(request.subscription);
      return;
    case 'dumpTo': {
      const tarball = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
      // Renamed into place whole: another process may be reading the same file.
      const partial = `${request.file}.${process.pid}.partial`;
      writeFileSync(partial, tarball);
      renameSync(partial, request.file);
      return;
    }
    case 'close':
      // In memory there is nothing to write out; on disk the checkpoint leaves no WAL to replay.
      if (!dataDir.startsWith('memory://')) await db.exec('CHECKPOINT');
      await db.close();
      return;
  }
}

const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  ...(template && { loadDataDir: new Blob([readFileSync(template)]) }),
  ...(sharedBuffersMb && { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }),
}).catch((error: unknown) => {
  send({ id: 0, error: crossing(error) });
  port.close();
});
if (db) {
  const parsersFor = await readTextTypesAsText(db);
  await db.exec(CUSTOM_PLANS);
  const statements = preparedStatements(db);
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    handle(db, statements, parsersFor, id, request).then(
      (value) => send({ id, value }),
      (error: unknown) => send({ id, error: crossing(error) }),
    );
  });
  send({ id: 0 });
}

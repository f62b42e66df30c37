/**
 * PGlite's `query` sends each statement through PostgreSQL's extended protocol afresh: parse, describe
 * the statement, bind, describe the portal, execute and sync, six calls into the WebAssembly, and
 * PostgreSQL parses and analyses the text every time. The server sends the same few hundred texts
 * over and over (Drizzle's parameters are never in the text), so the database thread keeps each as a
 * prepared statement of its session, named, and runs it again with one call: bind, describe,
 * execute, sync. Results are read by PGlite's own parser, with the same parsers and options.
 *
 * Each run is still planned for its own values (`plan_cache_mode`, set at the thread's start), as an
 * unnamed statement is: a list filtered by a rare tag and one by a common tag keep their own plans.
 * But a statement opened by PLANNED_ONCE (a like's, a comment's: a server runs them named) may be
 * planned once for any values, as on a server: outside a transaction it runs between two SETs of
 * the mode, in the same call. Planning a like's statement took most of what it cost the thread.
 */
import {
  messages,
  parse,
  protocol,
  type PGlite,
  type ParserOptions,
  type Results,
  type RowMode,
} from '@electric-sql/pglite';
import { PLANNED_ONCE } from './planned-once.ts';

const { serialize } = protocol;

/** The thread's mode (pglite-worker.ts sets it first), and the one a PLANNED_ONCE statement runs in. */
export const CUSTOM_PLANS = 'set plan_cache_mode = force_custom_plan';
const GENERIC_PLANS_ALLOWED = 'set plan_cache_mode = auto';

/** Statements kept at most: each holds its parsed query in the database's memory, which WebAssembly never gives back. */
export const KEPT_STATEMENTS = 200;

/** A prepared statement's plan no longer returns what it was described with (a table's columns changed under it). */
const PLAN_CHANGED = '0A000';

interface Prepared {
  name: string;
  /** Its parameters' types, which pick each value's serializer, as PGlite's `query` picks them. */
  paramTypes: number[];
}

export interface StatementOptions {
  rowMode: RowMode;
  parsers?: ParserOptions | undefined;
  /** Runs inside the caller's open transaction, which already holds PGlite's transaction lock. */
  inTransaction: boolean;
}

/** The statement's own answer, of messages that hold each SET's before and after it (each call ends ready for a query). */
function betweenSets(answer: messages.BackendMessage[]): messages.BackendMessage[] {
  const first = answer.findIndex((message) => message.name === 'readyForQuery');
  const second = answer.findIndex((message, i) => i > first && message.name === 'readyForQuery');
  return answer.slice(first + 1, second + 1);
}

/** A query runner for `db` that prepares each text once; `query` answers as PGlite's `query` does. */
export function preparedStatements(db: PGlite, kept = KEPT_STATEMENTS) {
  /** By text, least recently used first. */
  const prepared = new Map<string, Prepared>();
  /** Close messages of statements let go, sent with the next call. */
  const closing: Uint8Array[] = [];
  let named = 0;

  const call = (parts: Uint8Array[], inTransaction: boolean) =>
    db.execProtocol(Buffer.concat([...closing.splice(0), ...parts]), { syncToFs: !inTransaction });

  async function prepare(text: string, inTransaction: boolean): Promise<Prepared> {
    const name = `inkwell_${++named}`;
    const { messages } = await call(
      [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()],
      inTransaction,
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(text, statement);
    if (prepared.size > kept) forget(prepared.keys().next().value!);
    return statement;
  }

  function forget(text: string) {
    const statement = prepared.get(text);
    if (!statement) return;
    prepared.delete(text);
    closing.push(serialize.close({ type: 'S', name: statement.name }));
  }

  async function run(text: string, params: unknown[], options: StatementOptions): Promise<Results> {
    let statement = prepared.get(text);
    if (statement) {
      prepared.delete(text); // to the end: used last
      prepared.set(text, statement);
    } else statement = await prepare(text, options.inTransaction);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = db.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(param) : String(param);
    });
    const execution = [
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    // In a transaction a SET would be undone with it: such a statement is planned for its values there.
    const once = !options.inTransaction && text.startsWith(PLANNED_ONCE);
    const { messages } = await call(
      once ? [serialize.query(GENERIC_PLANS_ALLOWED), ...execution, serialize.query(CUSTOM_PLANS)] : execution,
      options.inTransaction,
    );
    return parse.parseResults(once ? betweenSets(messages) : messages, db.parsers, {
      rowMode: options.rowMode,
      parsers: options.parsers,
    })[0]!;
  }

  async function query(text: string, params: unknown[], options: StatementOptions, again = false): Promise<Results> {
    try {
      return await run(text, params, options);
    } catch (error) {
      if (!(error instanceof messages.DatabaseError)) throw error;
      // Prepared anew, once; inside a transaction the error has ended it, as it would have anyway.
      if (error.code === PLAN_CHANGED && !again && !options.inTransaction) {
        forget(text);
        return query(text, params, options, true);
      }
      // As PGlite's `query` tells them.
      throw Object.assign(error, { query: text, params });
    }
  }

  return {
    /** Runs one statement under PGlite's locks, as its `query` would (a transaction's own query holds the outer one). */
    query(text: string, params: unknown[], options: StatementOptions): Promise<Results> {
      const exclusive = () => db._runExclusiveQuery(() => query(text, params, options));
      return options.inTransaction ? exclusive() : db._runExclusiveTransaction(exclusive);
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { PLANNED_ONCE } from './planned-once.ts';

const dialect = new PgDialect();
/** The name of each text sent named, given the first time it is sent: a few shapes, so a few names. */
const names = new Map<string, string>();

/**
 * Runs raw SQL and answers its rows; PGlite and node-postgres both put them in `rows`.
 *
 * `named`: for a write sent many times a second whose text is the same each time (only its values
 * change), such as a like. It runs as a named statement, which PostgreSQL parses once per
 * connection and, from its sixth run, may plan once for any values (db/prepared.ts): a like cost
 * PostgreSQL 2.1–2.4 ms of CPU with its statement unnamed and 1.3 named. Each text gets a name of
 * its own the first time, so each shape of a statement (a like, an unlike) is a statement of its
 * own and no name is ever sent with two texts. Only for texts drawn from a few shapes (never a list of values
 * written into the text), and for values that need no plan of their own (keys, not a rare tag).
 * PGlite's thread keeps every text prepared already and, for one opened by PLANNED_ONCE, lets
 * PostgreSQL plan it once too (db/pglite-statements.ts).
 */
export async function queryRows<T>(db: Executor, query: SQL, { named = false } = {}): Promise<T[]> {
  if (!named) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const built = dialect.sqlToQuery(sql`${sql.raw(PLANNED_ONCE)}${query}`);
  let name = names.get(built.sql);
  if (name === undefined) names.set(built.sql, (name = `q_${names.size + 1}`));
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}

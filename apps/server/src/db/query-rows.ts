import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** Runs raw SQL and answers its rows; PGlite and node-postgres both put them in `rows`. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

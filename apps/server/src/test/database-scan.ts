import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

/**
 * Every row of every table that holds one of `needles` (in any case) in any column, whatever its
 * type (text, jsonb, uuid, arrays, dates: each row is read as its JSON text), as `table: row`. What
 * an account's deletion must leave none of (issue 29).
 */
export async function rowsHolding(db: Executor, needles: string[]): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
          -- The read cache's log names rows by id for ten minutes, then goes (read-cache-log.ts): no personal data.
          and table_name <> 'cache_invalidations'
        order by 1`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const text = sql`lower(to_jsonb(x)::text)`;
    const holds = sql.join(
      needles.map((needle) => sql`strpos(${text}, ${needle.toLowerCase()}) > 0`),
      sql` or `,
    );
    const rows = await queryRows<{ row: string }>(
      db,
      sql`select to_jsonb(x)::text as row from ${sql.identifier(name)} x where ${holds}`,
    );
    found.push(...rows.map(({ row }) => `${name}: ${row}`));
  }
  return found;
}

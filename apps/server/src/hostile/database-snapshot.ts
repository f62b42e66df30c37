import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

/**
 * A digest of every row of every table, to prove a refused or read-only request changed nothing.
 * Left out is what merely being answered may touch: a session's last use and rate-limit counters.
 */
export async function databaseSnapshot(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'rate_limits' order by 1`,
  );
  const snapshot: Record<string, string> = {};
  for (const { name } of tables) {
    const row = sql`(to_jsonb(x) - 'last_used_at')::text`;
    const [digest] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as md5 from ${sql.identifier(name)} x`,
    );
    snapshot[name] = `${digest!.rows} rows, md5 ${digest!.md5}`;
  }
  return snapshot;
}

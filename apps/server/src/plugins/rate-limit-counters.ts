import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { rateLimits } from '../db/schema/index.ts';

export interface RateLimit {
  /** What is limited and for whom, e.g. `signInPerIp:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database, so every server instance shares it.
 * Answers how many seconds remain when the limit is passed, or 0.
 */
export async function hit(db: Executor, { key, limit, windowSeconds }: RateLimit): Promise<number> {
  const [row] = await queryRows<{ count: number; retry: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
      window_ends_at = case when rate_limits.window_ends_at <= now()
        then now() + make_interval(secs => ${windowSeconds}) else rate_limits.window_ends_at end
    returning count, ceil(extract(epoch from window_ends_at - now()))::int as retry`,
  );
  return row!.count > limit ? Math.max(1, Number(row!.retry)) : 0;
}

/** Forgets a key, e.g. the failed sign-ins of an account once its owner signs in. */
export async function reset(db: Executor, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Forgets every counter of these keys (a leaving member's: rate-limits.ts rateLimitKeysOf). */
export async function forgetKeys(db: Executor, keys: string[]) {
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

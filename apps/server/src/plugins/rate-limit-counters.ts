import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { rateLimits } from '../db/schema/index.ts';

export interface RateLimit {
  /** What is limited and for whom, e.g. `signInPerIp:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

const windowEnd = sql`now() + make_interval(secs => ${sql.placeholder('windowSeconds')}::int)`;
const windowOver = sql`${rateLimits.windowEndsAt} <= now()`;

/** A hit counted: every limited request sends it, so it is built once and named (db/prepared.ts). */
const counted = preparedPerDatabase((db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${windowOver} then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retry: sql<number>`ceil(extract(epoch from ${rateLimits.windowEndsAt} - now()))::int`,
    })
    .prepare('hit_rate_limit'),
);

/**
 * Counts one hit in a fixed window kept in the database, so every server instance shares it.
 * Answers how many seconds remain when the limit is passed, or 0.
 */
export async function hit(db: Executor, { key, limit, windowSeconds }: RateLimit): Promise<number> {
  const [row] = await counted(db).execute({ key, windowSeconds });
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

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { batched } from '../db/batched.ts';
import { queryRows } from '../db/query-rows.ts';
import { Tags } from './cache-tags.ts';

/** LISTEN/NOTIFY channel of cache invalidation; the payload is the invalidation's number. */
export const CACHE_CHANNEL = 'inkwell_cache';

/** How long the shared log keeps an invalidation; an instance that fell further behind empties its cache whole. */
const KEPT_MINUTES = 10;
/** One write in this many prunes what the log no longer needs. */
const PRUNE_EVERY = 500;

/**
 * Told of each invalidation, from this instance or another: what changed, and on a PostgreSQL server
 * its number and the primary's WAL position after it (what a read replica must have replayed to show it).
 */
export type OnInvalidate = (tags: readonly string[], written?: Written) => void;

export interface Written {
  /** Its number in the log (on a PostgreSQL server). */
  id?: number;
  /** The primary's WAL position after it. */
  lsn?: string;
  /** Only counts moved (COUNTS_LAG_SECONDS): what shows them may be served a little longer. */
  counts: boolean;
}

/**
 * The invalidations of the cache of anonymous reads, shared by every instance of the site.
 *
 * An embedded database (PGlite, or the embedded PostgreSQL) has one instance, its data folder being
 * locked: an invalidation is applied here, before the writer's answer leaves, and nobody else
 * needs to hear of it.
 *
 * On a PostgreSQL server (DATABASE_URL) several instances may share the data. A writer appends the
 * tags it changed to `cache_invalidations`, after its own transaction committed and before it
 * answers, and NOTIFYs the number, which every other instance then reads and applies. The NOTIFY
 * alone would leave a window: the writer's client may ask instance B again before B has received
 * it. So before B serves a cached read, it reads the log past the last number it applied, with a
 * query that starts after the request arrived and so sees every invalidation written before the
 * writer answered. Concurrent reads share one such query (each waits for the next one to start,
 * never for one already running), so under load the check costs one round trip per batch of
 * reads, not per read; and it is an index range that is almost always empty.
 *
 * Numbers come from one row (`cache_clock`) moved on by the statement that appends, whose lock holds
 * until that statement commits: invalidations commit in the order of their numbers, so a reader
 * that saw number n has seen every number before it.
 */
export interface InvalidationLog {
  /** Applies every invalidation written before the call; resolves once done. */
  catchUp(): Promise<void>;
  /** Writes an invalidation (of counts only, or not) and applies it here; resolves once no instance can serve what it changed. */
  append(tags: readonly string[], counts: boolean): Promise<void>;
  close(): Promise<void>;
}

export async function invalidationLog(database: Database, apply: OnInvalidate): Promise<InvalidationLog> {
  if (database.kind !== 'postgres') {
    return {
      catchUp: async () => {},
      append: async (tags, counts) => apply(tags, { counts }),
      close: async () => {},
    };
  }

  const { db } = database;
  let seen = Number(
    (await queryRows<{ value: string }>(db, sql`select value from cache_clock`))[0]?.value ??
      // Before its migration ran (a test's own schema): nothing was ever written.
      0,
  );
  /** This instance's own invalidations, applied as they were written: its catch-up skips them. */
  const appliedHere = new Set<number>();
  const readPast = async () => {
    const from = seen;
    const rows = await queryRows<{
      clock: string;
      id: string | null;
      tags: string[] | null;
      lsn: string | null;
      counts: boolean | null;
    }>(
      db,
      sql`select c.value as clock, i.id, i.tags, i.lsn, i.counts
          from cache_clock c left join cache_invalidations i on i.id > ${from}
          order by i.id`,
    );
    const clock = Number(rows[0]!.clock);
    if (clock <= seen) return;
    const written = rows.filter((row) => row.id !== null);
    // Pruned before this instance read them: what they changed is unknown.
    if (Number(written[0]?.id ?? clock + 1) !== from + 1) apply([Tags.site]);
    for (const row of written) {
      const id = Number(row.id);
      if (id > seen && !appliedHere.delete(id)) apply(row.tags!, { id, lsn: row.lsn!, counts: row.counts! });
    }
    seen = Math.max(seen, clock);
  };

  const catchUp = batched(readPast);
  const unlisten = await database.listen(
    CACHE_CHANNEL,
    () => void catchUp().catch(() => {}),
    () => void catchUp().catch(() => {}),
  );

  return {
    catchUp,
    async append(tags, counts) {
      const [row] = await queryRows<{ id: string; lsn: string }>(
        db,
        sql`with tick as (update cache_clock set value = value + 1 returning value)
            insert into cache_invalidations (id, tags, counts, lsn)
            select value, string_to_array(${tags.join(' ')}, ' '), ${counts}, pg_current_wal_insert_lsn()::text from tick
            returning id, lsn, pg_notify(${CACHE_CHANNEL}, id::text)`,
      );
      const id = Number(row!.id);
      if (id > seen) appliedHere.add(id);
      apply(tags, { id, lsn: row!.lsn, counts });
      if (id % PRUNE_EVERY === 0)
        await db.execute(
          sql`delete from cache_invalidations where at < now() - make_interval(mins => ${KEPT_MINUTES})`,
        );
    },
    close: unlisten,
  };
}

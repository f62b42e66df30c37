import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';

/** LISTEN/NOTIFY channel of cache invalidation; the payload is the new generation. */
export const CACHE_CHANNEL = 'inkwell_cache';

/**
 * The generation of what anonymous reads show. Every write that may change one moves it on, and a
 * cache serves only what it filled in the current generation.
 *
 * An embedded database (PGlite, or the embedded PostgreSQL) has one instance, its data folder being
 * locked, so the generation is a number in memory:
 * moving it on before the writer's answer leaves, nobody can read the old data after it.
 *
 * On a PostgreSQL server (DATABASE_URL) several instances may share the data. A writer moves the `cache_generation` sequence
 * on after its transaction commits and before it answers, and NOTIFYs the new value, which
 * empties every other instance's cache at once. The NOTIFY alone would leave a window: the
 * writer's client may ask instance B again before B has received it. So before B serves a cached
 * read it reads the sequence with a query that starts after the request arrived, which sees every
 * generation moved on before the writer answered. Concurrent reads share one such query (each
 * waits for the next one to start, never for one already running), so under load the check costs
 * one round trip per batch of reads, not per read.
 */
export interface CacheGeneration {
  /** The generation now, as seen after the call was made. */
  current(): Promise<number>;
  /** The generation this instance knows of, without asking. */
  readonly known: number;
  /** Moves the generation on, here and on every instance; resolves once no instance can serve the old one. */
  advance(): Promise<void>;
  close(): Promise<void>;
}

export async function cacheGeneration(database: Database, onAdvance: () => void): Promise<CacheGeneration> {
  let known = 0;
  const adopt = (generation: number) => {
    if (generation <= known) return;
    known = generation;
    onAdvance();
  };
  if (database.kind !== 'postgres') {
    return {
      current: async () => known,
      get known() {
        return known;
      },
      async advance() {
        adopt(known + 1);
      },
      async close() {},
    };
  }

  // The payload is the generation and the WAL position after the write, which the replicas' router must see.
  const unlisten = await database.listen(CACHE_CHANNEL, (payload) => {
    const [generation, lsn] = payload.split(' ') as [string, string];
    database.replicas?.noteWritten(Number(generation), lsn);
    adopt(Number(generation));
  });
  const readShared = async () => {
    // Before its first nextval a sequence shows its start value as last_value: that is generation 0.
    const [row] = await queryRows<{ value: string }>(
      database.db,
      sql`select case when is_called then last_value else 0 end as value from cache_generation`,
    );
    adopt(Number(row!.value));
    return known;
  };
  let running: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const start = () => {
    const check = readShared();
    running = check;
    const done = () => {
      if (running === check) running = null;
    };
    check.then(done, done);
    return check;
  };
  return {
    current() {
      if (!running) return start();
      // The running check may have started before this request arrived: wait for the next one.
      next ??= running
        .catch(() => {})
        .then(() => {
          next = null;
          return start();
        });
      return next;
    },
    get known() {
      return known;
    },
    async advance() {
      // The WAL position is read after nextval, so it is past every write of this generation or an earlier one (db/replicas.ts).
      const [row] = await queryRows<{ value: string; lsn: string }>(
        database.db,
        sql`select value, lsn, pg_notify(${CACHE_CHANNEL}, value || ' ' || lsn) from (select value, pg_current_wal_insert_lsn()::text as lsn from (select nextval('cache_generation') as value) as moved) as positioned`,
      );
      database.replicas?.noteWritten(Number(row!.value), row!.lsn);
      adopt(Number(row!.value));
    },
    close: unlisten,
  };
}

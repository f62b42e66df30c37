import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The number of the last invalidation written to `cache_invalidations`: one row, moved on by the
 * statement that writes each, so that its lock puts their commits in the order of their numbers
 * (an instance reading past the last number it saw never skips one still being committed).
 */
export const cacheClock = pgTable(
  'cache_clock',
  {
    one: boolean('one').primaryKey().default(true),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('cache_clock_one', sql`${t.one}`)],
);

/**
 * What writes changed, in order, for the instances sharing a PostgreSQL server to empty from their
 * caches of anonymous reads (plugins/read-cache-log.ts): the tags (plugins/cache-tags.ts) and the
 * primary's WAL position after the write committed (a replica that has replayed it shows the write).
 * Kept ten minutes; an instance that missed more than that empties its cache whole.
 */
export const cacheInvalidations = pgTable(
  'cache_invalidations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    tags: text('tags').array().notNull(),
    /** Only counts moved: an instance may serve what shows them while it reads them anew. */
    counts: boolean('counts').notNull().default(false),
    lsn: text('lsn'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cache_invalidations_at_idx').on(t.at)],
);

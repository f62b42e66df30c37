import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Work to do outside a request (modules/jobs): written in the transaction that causes it, done by
 * any instance's worker, at least once. A done job's row is deleted; a dead one (it failed
 * maxAttempts times) is kept with `failed_at` for someone to look at.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** An idempotency key: enqueueing a key that is already there does nothing. */
    key: text('key').unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many times a worker has started it (counted as it is claimed). */
    attempts: integer('attempts').notNull().default(0),
    /** A worker's lease: until then nobody else claims it; a killed worker's lease runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.queue, t.runAt)
      .where(sql`failed_at is null`),
  ],
);

/**
 * How many jobs of a queue were started in its current minute, across instances: the pacing
 * of queues with a per-minute cap (MAIL_PER_MINUTE). One row per queue, reset as a minute begins.
 */
export const jobMinutes = pgTable('job_minutes', {
  queue: text('queue').primaryKey(),
  minute: timestamp('minute', { withTimezone: true }).notNull(),
  started: integer('started').notNull(),
});

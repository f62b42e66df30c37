import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { jobMinutes, jobs } from '../../db/schema/index.ts';

export type Job = typeof jobs.$inferSelect;

export interface NewJob {
  queue: string;
  payload: unknown;
  /** When it may run first; now by default. */
  runAt?: Date | undefined;
  /** An idempotency key: a job with this key already enqueued (still waiting, running or dead) makes this one nothing. */
  key?: string | undefined;
}

/**
 * "Now" for a job's first run, to the millisecond: the worker compares it with the app's clock, a
 * JavaScript Date, and PostgreSQL's now() in microseconds was most often a fraction of a millisecond
 * after the Date a claim made right after it (a job due now, not claimable until the next look).
 */
const nowInMilliseconds = sql`date_trunc('milliseconds', now())`;

/**
 * Enqueues jobs in the caller's transaction (or on their own), so a job commits or rolls back
 * with what caused it. Answers how many were added (a known key adds none).
 */
export async function enqueueJobs(db: Executor, list: NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const added = await db
    .insert(jobs)
    .values(
      list.map(({ queue, payload, runAt, key }) => ({
        queue,
        payload,
        key: key ?? null,
        runAt: runAt ?? nowInMilliseconds,
      })),
    )
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return added.length;
}

/** One job; see enqueueJobs. Answers whether it was added. */
export async function enqueueJob(db: Executor, job: NewJob): Promise<boolean> {
  return (await enqueueJobs(db, [job])) === 1;
}

/**
 * Fan-out in one statement: a job of `queue` for each row of `rows`, a SELECT that yields the
 * columns `payload` (jsonb) and `key` (text or null). Keys make a repeated fan-out add nothing.
 * Answers how many were added.
 */
export async function enqueueJobsFrom(db: Executor, queue: string, rows: SQL): Promise<number> {
  const added = await queryRows<{ id: string }>(
    db,
    sql`insert into ${jobs} (queue, payload, key, run_at) select ${queue}, r.payload, r.key, ${nowInMilliseconds} from (${rows}) r on conflict (key) do nothing returning id`,
  );
  return added.length;
}

const startOfMinute = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);

/**
 * How many more jobs of `queue` may start in the minute of `now` under `perMinute`; locks the
 * queue's counter row until the caller's transaction ends, so instances claiming at once take
 * turns and together never start more than the cap.
 */
async function startsLeft(tx: Executor, queue: string, perMinute: number, now: Date): Promise<number> {
  const minute = startOfMinute(now);
  const [row] = await tx
    .insert(jobMinutes)
    .values({ queue, minute, started: 0 })
    .onConflictDoUpdate({
      target: jobMinutes.queue,
      set: {
        started: sql`case when ${jobMinutes.minute} = excluded.minute then ${jobMinutes.started} else 0 end`,
        minute: sql`excluded.minute`,
      },
    })
    .returning({ started: jobMinutes.started });
  return Math.max(0, perMinute - row!.started);
}

/** A job a worker may claim at `now`: due, not dead, and held by no worker's lease. */
const claimable = (now: Date) =>
  and(isNull(jobs.failedAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, now)));

/**
 * Which of `queues` hold a job to claim at `now`, in one statement: a look of the worker then
 * claims in those alone. Each queue is asked whether one such job exists, on the claim index,
 * so a queue with a long backlog costs no more than an empty one.
 */
export async function queuesWithDueJobs(db: Executor, queues: string[], now: Date): Promise<string[]> {
  if (queues.length === 0) return [];
  const names = sql.join(
    queues.map((queue) => sql`(${queue})`),
    sql`, `,
  );
  const rows = await queryRows<{ queue: string }>(
    db,
    sql`select q.queue from (values ${names}) as q(queue)
        where exists (select 1 from ${jobs} where ${jobs.queue} = q.queue and ${claimable(now)})`,
  );
  return rows.map((row) => row.queue);
}

export interface Claim {
  queue: string;
  /** At most this many. */
  limit: number;
  /** The queue's cap of starts per minute, across instances; none when undefined. */
  perMinute?: number | undefined;
  leaseSeconds: number;
  now: Date;
}

/**
 * Claims due jobs of a queue for one worker: each gets a lease (locked_until) and one more
 * attempt, in a short transaction of its own, so no transaction stays open while the jobs run
 * (PGlite has one connection). SKIP LOCKED lets instances claiming at once take different rows;
 * a leased row is nobody else's until its lease runs out.
 */
export async function claimJobs(db: Executor, { queue, limit, perMinute, leaseSeconds, now }: Claim): Promise<Job[]> {
  return db.transaction(async (tx) => {
    const allowed = perMinute === undefined ? limit : Math.min(limit, await startsLeft(tx, queue, perMinute, now));
    if (allowed <= 0) return [];
    const due = tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.queue, queue), claimable(now)))
      .orderBy(asc(jobs.runAt))
      .limit(allowed)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + leaseSeconds * 1000), attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
    // RETURNING keeps no order: the oldest due first, as they were picked.
    claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
    if (perMinute !== undefined && claimed.length > 0) {
      await tx
        .update(jobMinutes)
        .set({ started: sql`${jobMinutes.started} + ${claimed.length}` })
        .where(eq(jobMinutes.queue, queue));
    }
    return claimed;
  });
}

/** A job done: its row goes. */
export async function deleteJob(db: Executor, id: string) {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/**
 * A failed attempt: the job waits until `retryAt`, or (null) is dead, kept with its error.
 * Matched on the attempt it failed, so a worker whose lease ran out and whose job was claimed
 * again by another does not undo that other's lease.
 */
export async function failJob(
  db: Executor,
  job: Pick<Job, 'id' | 'attempts'>,
  error: string,
  retryAt: Date | null,
  now: Date,
) {
  await db
    .update(jobs)
    .set({ lockedUntil: null, lastError: error.slice(0, 2000), ...(retryAt ? { runAt: retryAt } : { failedAt: now }) })
    .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
}

/** Hands claimed jobs that never started back to the queue: due again, their attempt not counted (each matched on its claim). */
export async function releaseJobs(db: Executor, list: Pick<Job, 'id' | 'attempts'>[]) {
  await db
    .update(jobs)
    .set({ lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
    .where(or(...list.map((job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))));
}

/** How a job stands: dead (failed for good, kept with its error), running (under a worker's lease) or waiting. */
export type JobState = 'waiting' | 'running' | 'failed';

/** How many jobs each queue holds in each state, at `now`; a queue and state with none are left out. */
export const countJobs = (db: Executor, now: Date) =>
  queryRows<{ queue: string; state: JobState; jobs: number }>(
    db,
    sql`select ${jobs.queue} as queue,
          case when ${jobs.failedAt} is not null then 'failed'
               when ${jobs.lockedUntil} > ${now.toISOString()}::timestamptz then 'running'
               else 'waiting' end as state,
          count(*)::int as jobs
        from ${jobs} group by 1, 2`,
  );

/** A page of the jobs given up, the latest first, and how many there are. */
export async function failedJobsPage(db: Executor, page: number, perPage: number) {
  const failed = isNotNull(jobs.failedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(failed)
      .orderBy(desc(jobs.failedAt), desc(jobs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(failed),
  ]);
  return { rows, total: total!.count };
}

/** A failed job due again at `now`, its attempts from nought; false when no failed job has this id. */
export async function retryFailedJob(db: Executor, id: string, now: Date): Promise<boolean> {
  const retried = await db
    .update(jobs)
    .set({ failedAt: null, runAt: now, attempts: 0, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .returning({ id: jobs.id });
  return retried.length > 0;
}

/** A failed job deleted; false when no failed job has this id. */
export async function discardFailedJob(db: Executor, id: string): Promise<boolean> {
  const discarded = await db
    .delete(jobs)
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .returning({ id: jobs.id });
  return discarded.length > 0;
}

/**
 * A leaving member's jobs given up (kept for someone to look at, `failed_at`) go: what they were to
 * do concerns an account that is gone, and they name it. Those still to run find nothing of theirs
 * when they do, and go when done. Ids are random and addresses unique, so a payload naming either
 * is one of theirs.
 */
export async function forgetDeadJobsOf(tx: Executor, { userId, email }: { userId: string; email: string }) {
  await tx
    .delete(jobs)
    .where(
      and(
        isNotNull(jobs.failedAt),
        or(
          sql`strpos(${jobs.payload}::text, ${userId}) > 0`,
          sql`strpos(lower(${jobs.payload}::text), ${email.trim().toLowerCase()}) > 0`,
        ),
      ),
    );
}

import type { FastifyInstance } from 'fastify';
import { claimJobs, deleteJob, failJob, queuesWithDueJobs, releaseJobs, type Job } from './jobs.repository.ts';

export interface JobHandler<P = unknown> {
  queue: string;
  /** Does the job; a throw is a failed attempt, retried later. It may run more than once (see below), so make it safe to repeat. */
  run(payload: P, job: Job): Promise<void>;
  /** A cap of starts per minute for this queue across every instance; none when unset. */
  perMinute?: number;
  /** Attempts before the job is dead (kept, with its last error, and logged); 10 by default. */
  maxAttempts?: number;
  /** How long a started job is this worker's alone: longer than the job can take. JOB_LEASE_SECONDS (300) by default. */
  leaseSeconds?: number;
  /** Jobs of this queue one instance runs at once; 5 by default. */
  concurrency?: number;
  /** Jobs claimed together (one transaction), then run `concurrency` at a time; `concurrency` by default. Their lease must cover the whole batch. */
  batch?: number;
}

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_CONCURRENCY = 5;
const MAX_RETRY_MS = 3_600_000;

/**
 * The wait before the next try after `attempts` failed ones: `baseSeconds` doubled at each
 * failure, capped at an hour, within ±25 % of that (so jobs that failed together do not all
 * come back together, and each wait is still longer than the one before).
 */
export function retryDelayMs(attempts: number, baseSeconds: number, random = Math.random()): number {
  const delay = baseSeconds * 1000 * 2 ** Math.min(attempts - 1, 30);
  return Math.min(MAX_RETRY_MS, delay * (0.75 + 0.5 * random));
}

/**
 * The job worker of this instance. Every JOB_POLL_SECONDS (0: only when a test calls
 * `app.jobs.runDue()`) each queue claims its due jobs, runs them outside any transaction, deletes
 * each one done and reschedules each one failed, and claims again until none is due.
 *
 * At least once: a job is deleted after its handler returns, so a process killed between a
 * handler's effect (a mail accepted by the SMTP server) and that DELETE leaves a lease that runs
 * out, and the job runs again. That window, one statement long, is the only way a job runs twice;
 * a handler that outlives its lease is the other, so leases are set longer than any run.
 * Closing the app stops claiming and waits for the jobs in flight.
 */
export function registerJobs(app: FastifyInstance) {
  const handlers = new Map<string, JobHandler>();
  const draining = new Map<string, Promise<number>>();
  let stopping = false;

  async function runJob(handler: JobHandler, job: Job) {
    try {
      await handler.run(job.payload, job);
    } catch (error) {
      const now = app.clock();
      const message = error instanceof Error ? error.message : String(error);
      const dead = job.attempts >= (handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
      const retryAt = dead ? null : new Date(now.getTime() + retryDelayMs(job.attempts, app.config.jobRetrySeconds));
      await failJob(app.db, job, message, retryAt, now);
      if (dead)
        app.log.error(
          { job: job.id, queue: job.queue, attempts: job.attempts, err: error },
          'job failed for the last time; kept in the jobs table with failed_at',
        );
      else
        app.log.warn(
          { job: job.id, queue: job.queue, attempts: job.attempts, retryAt, err: error },
          'job failed; trying again later',
        );
      return;
    }
    await deleteJob(app.db, job.id);
  }

  /**
   * Runs a claimed batch, `concurrency` jobs at a time; answers how many ran. A job not started
   * when the app began to stop is handed back at once; one whose lease ran out while it waited is
   * left alone (another worker may have it now) and handed back only if still unclaimed.
   */
  async function runBatch(handler: JobHandler, claimed: Job[]) {
    const waiting = [...claimed];
    const unstarted: Job[] = [];
    let ran = 0;
    const lane = async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) {
        if (stopping || app.clock() >= job.lockedUntil!) {
          unstarted.push(job);
          continue;
        }
        // A job whose DELETE or reschedule failed (the database away) keeps its lease and runs again when it runs out.
        await runJob(handler, job).catch((error: unknown) =>
          app.log.warn({ err: error, job: job.id }, 'a job ran but its row was not updated; it will run again'),
        );
        ran++;
      }
    };
    await Promise.all(Array.from({ length: handler.concurrency ?? DEFAULT_CONCURRENCY }, lane));
    if (unstarted.length > 0) await releaseJobs(app.db, unstarted);
    return ran;
  }

  async function drain(handler: JobHandler) {
    let ran = 0;
    while (!stopping) {
      const claimed = await claimJobs(app.db, {
        queue: handler.queue,
        limit: handler.batch ?? handler.concurrency ?? DEFAULT_CONCURRENCY,
        perMinute: handler.perMinute,
        leaseSeconds: handler.leaseSeconds ?? app.config.jobLeaseSeconds,
        now: app.clock(),
      });
      if (claimed.length === 0) break;
      ran += await runBatch(handler, claimed);
    }
    return ran;
  }

  /** A queue's drain, or the one already under way. */
  function drainQueue(handler: JobHandler) {
    let run = draining.get(handler.queue);
    if (!run) {
      run = drain(handler).finally(() => draining.delete(handler.queue));
      draining.set(handler.queue, run);
    }
    return run;
  }

  async function runDue() {
    let total = 0;
    for (;;) {
      const ran = (await Promise.all([...handlers.values()].map(drainQueue))).reduce((a, b) => a + b, 0);
      // A job may enqueue others (a fan-out): done when a round finds nothing.
      if (ran === 0 || stopping) return total;
      total += ran;
    }
  }

  app.decorate('jobs', {
    register(handler: JobHandler<never>) {
      if (handlers.has(handler.queue)) throw new Error(`The job queue ${handler.queue} has a handler already`);
      handlers.set(handler.queue, handler as JobHandler);
    },
    runDue,
  });

  const seconds = app.config.jobPollSeconds;
  let timer: NodeJS.Timeout | undefined;
  let looking: Promise<void> | undefined;
  if (seconds > 0) {
    // One statement asks which queues have work; claiming in every queue at once instead took a
    // connection per queue at each look, which kept the whole pool (and as many PostgreSQL
    // backends) open on an idle site.
    const findDue = async () => {
      const idle = [...handlers.keys()].filter((queue) => !draining.has(queue));
      let due: string[];
      try {
        due = await queuesWithDueJobs(app.db, idle, app.clock());
      } catch (error) {
        app.log.warn({ err: error }, 'jobs not looked for; trying again at the next look');
        return;
      }
      for (const queue of due) {
        drainQueue(handlers.get(queue)!).catch((error: unknown) =>
          app.log.warn({ err: error, queue }, 'jobs not claimed; trying again at the next look'),
        );
      }
    };
    // A look still asking (a slow database) is not joined by another.
    const look = () => {
      if (!stopping) looking ??= findDue().finally(() => (looking = undefined));
    };
    app.addHook('onReady', async () => {
      look();
      timer = setInterval(look, seconds * 1000).unref();
    });
  }
  // preClose: before anything a job uses (the mailer, the database) is closed.
  app.addHook('preClose', async () => {
    stopping = true;
    clearInterval(timer);
    await looking;
    await Promise.allSettled([...draining.values()]);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: {
      /** Handles the jobs of `handler.queue` (one handler a queue); call it while the app is built. */
      register<P>(handler: JobHandler<P>): void;
      /** Runs every due job (app.clock), and those they enqueue, until none is due; answers how many ran. */
      runDue(): Promise<number>;
    };
  }
}

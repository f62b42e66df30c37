import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { uniqueId } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { claimJobs, failJob, queuesWithDueJobs } from './jobs.repository.ts';
import { enqueueJob, enqueueJobs, enqueueJobsFrom } from './index.ts';
import { retryDelayMs, type JobHandler } from './job-worker.ts';

/** The app's clock: the real time moved on by the tests (jobs enqueued now are due at once). */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, clock);
});
afterAll(() => t.close());

/** A queue of its own for a test, with a handler that records each payload it runs. */
function queue(options: Partial<JobHandler<{ n: number }>> & { fail?: boolean } = {}) {
  const name = `test-${uniqueId()}`;
  const ran: number[] = [];
  t.app.jobs.register<{ n: number }>({
    queue: name,
    ...options,
    async run({ n }) {
      ran.push(n);
      if (options.fail) throw new Error(`job ${n} failed`);
    },
  });
  return { name, ran };
}
const rowsOf = (name: string) => t.app.db.select().from(jobs).where(eq(jobs.queue, name));

describe('the job queue', () => {
  it('runs a job only when the transaction that enqueued it commits', async () => {
    const q = queue();
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueJob(tx, { queue: q.name, payload: { n: 1 } });
        throw new Error('the cause is undone');
      }),
    ).rejects.toThrow('the cause is undone');
    await t.app.db.transaction((tx) => enqueueJob(tx, { queue: q.name, payload: { n: 2 } }));
    await t.app.jobs.runDue();
    expect(q.ran).toEqual([2]);
    expect(await rowsOf(q.name)).toEqual([]);
  });

  it('adds a job once per idempotency key, one at a time or fanned out', async () => {
    const q = queue();
    const key = `k-${uniqueId()}`;
    expect(await enqueueJob(t.app.db, { queue: q.name, payload: { n: 1 }, key })).toBe(true);
    expect(await enqueueJob(t.app.db, { queue: q.name, payload: { n: 2 }, key })).toBe(false);
    expect(
      await enqueueJobs(t.app.db, [
        { queue: q.name, payload: { n: 3 } },
        { queue: q.name, payload: { n: 4 }, key },
      ]),
    ).toBe(1);
    const fanOut = () =>
      enqueueJobsFrom(
        t.app.db,
        q.name,
        sql`select jsonb_build_object('n', i) as payload, ${key} || ':' || i as key from generate_series(10, 12) i`,
      );
    expect(await fanOut()).toBe(3);
    expect(await fanOut()).toBe(0);
    await t.app.jobs.runDue();
    expect(q.ran.sort((a, b) => a - b)).toEqual([1, 3, 10, 11, 12]);
  });

  it('retries a failing job after longer and longer waits, and keeps it, dead, after maxAttempts', async () => {
    const q = queue({ fail: true, maxAttempts: 3 });
    await enqueueJob(t.app.db, { queue: q.name, payload: { n: 1 } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await t.app.jobs.runDue()).toBe(0); // not due again yet
      const [row] = await rowsOf(q.name);
      expect(row).toMatchObject({ attempts: attempt, lockedUntil: null, lastError: 'job 1 failed' });
      if (attempt < 3) {
        expect(row!.failedAt).toBeNull();
        waits.push(row!.runAt.getTime() - clock().getTime());
        offset += waits.at(-1)! + 1000;
      } else {
        expect(row!.failedAt).not.toBeNull();
      }
    }
    const base = t.app.config.jobRetrySeconds * 1000;
    expect(waits[0]).toBeGreaterThan(0.7 * base);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    offset += 24 * 3_600_000;
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(q.ran).toEqual([1, 1, 1]);
  });

  it('lets a job enqueued now be claimed at once by the clock of the app, in milliseconds', async () => {
    const q = queue();
    // PostgreSQL's now() has microseconds: unrounded, it was most often ahead of a Date taken just after.
    for (let n = 0; n < 20; n++) {
      await enqueueJob(t.app.db, { queue: q.name, payload: { n } });
      const claimed = await claimJobs(t.app.db, { queue: q.name, limit: 1, leaseSeconds: 60, now: new Date() });
      expect(claimed, `job ${n}`).toHaveLength(1);
    }
    await t.app.db.delete(jobs).where(eq(jobs.queue, q.name));
  });

  it('computes waits that double, jittered, up to an hour', () => {
    expect(retryDelayMs(1, 30, 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 30, 0.5)).toBe(60_000);
    expect(retryDelayMs(3, 30, 0)).toBe(90_000);
    expect(retryDelayMs(3, 30, 1)).toBe(150_000);
    expect(retryDelayMs(40, 30, 1)).toBe(3_600_000);
  });

  it('runs again a job whose worker was killed once its lease runs out', async () => {
    const q = queue();
    await enqueueJob(t.app.db, { queue: q.name, payload: { n: 7 } });
    // A worker claims it and dies before finishing: the row keeps its lease.
    const [claimed] = await claimJobs(t.app.db, { queue: q.name, limit: 10, leaseSeconds: 60, now: clock() });
    expect(claimed).toMatchObject({ attempts: 1 });
    expect(await t.app.jobs.runDue()).toBe(0);
    offset += 61_000;
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(q.ran).toEqual([7]);
    expect(await rowsOf(q.name)).toEqual([]);
  });

  it("names, of the queues asked, those with a job to claim: not one that waits for later, has a worker's lease or is dead", async () => {
    const [due, later, leased, dead, empty] = [
      queue(),
      queue(),
      queue(),
      queue({ fail: true, maxAttempts: 1 }),
      queue(),
    ];
    await enqueueJobs(t.app.db, [
      { queue: due.name, payload: { n: 1 } },
      { queue: later.name, payload: { n: 2 }, runAt: new Date(clock().getTime() + 60_000) },
      { queue: leased.name, payload: { n: 3 } },
      { queue: dead.name, payload: { n: 4 } },
    ]);
    await claimJobs(t.app.db, { queue: leased.name, limit: 1, leaseSeconds: 60, now: clock() });
    await claimJobs(t.app.db, { queue: dead.name, limit: 1, leaseSeconds: 60, now: clock() });
    await failJob(t.app.db, { id: (await rowsOf(dead.name))[0]!.id, attempts: 1 }, 'gone', null, clock());
    const asked = [due, later, leased, dead, empty].map((q) => q.name);
    expect(await queuesWithDueJobs(t.app.db, asked, clock())).toEqual([due.name]);
    expect(await queuesWithDueJobs(t.app.db, [], clock())).toEqual([]);
    // The other tests count what runDue runs.
    await t.app.db.delete(jobs).where(inArray(jobs.queue, asked));
  });

  it('starts no more than perMinute jobs of a queue in a minute', async () => {
    // At the start of a minute, so the test's own runs stay within it.
    offset += 60_000 - (clock().getTime() % 60_000) + 1000;
    const q = queue({ perMinute: 3, concurrency: 2 });
    await enqueueJobs(
      t.app.db,
      [1, 2, 3, 4, 5].map((n) => ({ queue: q.name, payload: { n } })),
    );
    expect(await t.app.jobs.runDue()).toBe(3);
    expect(await t.app.jobs.runDue()).toBe(0);
    offset += 60_000;
    expect(await t.app.jobs.runDue()).toBe(2);
    expect(q.ran.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

/** Two app instances, each with its own connections, on one PostgreSQL database, working one queue at once. */
describe.runIf(process.env.TEST_DATABASE_URL)('two workers on one database', () => {
  it('run each job exactly once', async () => {
    const database = await createTestDatabase();
    const second = await openDatabase({ databaseUrl: database.url!, dataDir: 'unused' });
    const config = loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      READ_FLUSH_SECONDS: '0',
      SCHEDULED_PUBLISH_SECONDS: '0',
      JOB_POLL_SECONDS: '0',
    });
    const [a, b] = await Promise.all([buildApp({ config, database }), buildApp({ config, database: second })]);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const ran: number[] = [];
      for (const app of [a, b]) {
        app.jobs.register<{ n: number }>({
          queue: 'shared',
          concurrency: 3,
          async run({ n }) {
            ran.push(n);
            await new Promise((resolve) => setTimeout(resolve, 5));
          },
        });
      }
      const N = 60;
      await enqueueJobs(
        a.db,
        Array.from({ length: N }, (_, n) => ({ queue: 'shared', payload: { n } })),
      );
      await Promise.all([a.jobs.runDue(), b.jobs.runDue()]);
      expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: N }, (_, n) => n));
      expect(await a.db.select().from(jobs)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await second.close();
      await database.drop();
    }
  });
});

describe('closing the app', () => {
  it('finishes the job in flight and hands back the claimed ones not started', async () => {
    const own = await buildTestApp();
    let release!: () => void;
    const started: number[] = [];
    const finished: number[] = [];
    own.app.jobs.register<{ n: number }>({
      queue: 'slow',
      concurrency: 1,
      batch: 3,
      async run({ n }) {
        started.push(n);
        await new Promise<void>((resolve) => (release = resolve));
        finished.push(n);
      },
    });
    const ids = [1, 2, 3].map((n) => `slow-${n}`);
    await enqueueJobs(
      own.app.db,
      [1, 2, 3].map((n, i) => ({
        queue: 'slow',
        payload: { n },
        key: ids[i],
        runAt: new Date(Date.now() - 1000 * (4 - n)),
      })),
    );
    void own.app.jobs.runDue();
    await expect.poll(() => started).toEqual([1]);
    const db = own.app.db;
    const closing = own.app.close();
    release();
    await closing;
    expect(finished).toEqual([1]);
    const left = await db.select().from(jobs).where(eq(jobs.queue, 'slow')).orderBy(jobs.runAt);
    expect(left.map((job) => [job.key, job.attempts, job.lockedUntil])).toEqual([
      ['slow-2', 0, null],
      ['slow-3', 0, null],
    ]);
    await own.close();
  });
});

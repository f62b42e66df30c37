import { eq } from 'drizzle-orm';
import { ErrorMessages } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, post, type TestUser } from '../../test/factories.ts';
import { enqueueJob } from './index.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;
/** What the test queue's handler did, and whether it fails: a mail server down, then mended. */
const runs: string[] = [];
let serverDown = true;

beforeAll(async () => {
  t = await buildTestApp();
  // The first to join a site is its owner.
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
  member = await buildUser(t.app);
  t.app.jobs.register({
    queue: 'failing-mail',
    maxAttempts: 1,
    async run(payload: { to: string }) {
      if (serverDown) throw new Error('connect ECONNREFUSED 10.0.0.5:25');
      runs.push(payload.to);
    },
  });
});
afterAll(() => t.close());

const call = (path: string, body: object, user: TestUser = owner) =>
  post(t.app, `/api/admin/${path}`, body, user.token);

/** A job the worker gave up on: its one attempt failed. */
async function failedJob(to: string) {
  await enqueueJob(t.app.db, { queue: 'failing-mail', payload: { to } });
  await t.app.jobs.runDue();
  const [job] = await t.app.db.select().from(jobs).where(eq(jobs.payload, { to }));
  expect(job!.failedAt).not.toBeNull();
  return job!.id;
}

describe("the admins' failed jobs", () => {
  it('are listed newest first with the error that ended them; retried, one runs again; discarded, one is gone', async () => {
    serverDown = true;
    const first = await failedJob('ann@example.com');
    const second = await failedJob('ben@example.com');

    const list = await call('failed-jobs', { page: 1 });
    expect(list.statusCode).toBe(200);
    const mine = list.json<{ jobs: { _id: string }[] }>().jobs.filter((job) => [first, second].includes(job._id));
    expect(mine).toEqual([
      {
        _id: second,
        queue: 'failing-mail',
        attempts: 1,
        lastError: expect.stringContaining('ECONNREFUSED'),
        failedAt: expect.any(String),
        createdAt: expect.any(String),
      },
      expect.objectContaining({ _id: first }),
    ]);

    // The mail server is mended: the retried job is sent; the discarded one never is.
    serverDown = false;
    expect((await call('retry-job', { _id: first })).json()).toEqual({ status: 'done' });
    expect((await call('discard-job', { _id: second })).json()).toEqual({ status: 'done' });
    await t.app.jobs.runDue();
    expect(runs).toEqual(['ann@example.com']);
    expect(await t.app.db.select().from(jobs).where(eq(jobs.queue, 'failing-mail'))).toEqual([]);

    // Another admin acted first: 404, nothing done twice.
    for (const path of ['retry-job', 'discard-job']) {
      const again = await call(path, { _id: first });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: ErrorMessages.failed_job_not_found, code: 'failed_job_not_found' });
    }
  });

  it('are not for a job still waiting, nor for anyone below admin', async () => {
    await enqueueJob(t.app.db, {
      queue: 'failing-mail',
      payload: { to: 'later@example.com' },
      runAt: new Date(Date.now() + 3_600_000),
    });
    const [waiting] = await t.app.db.select().from(jobs).where(eq(jobs.queue, 'failing-mail'));
    expect((await call('retry-job', { _id: waiting!.id })).statusCode).toBe(404);
    expect((await call('discard-job', { _id: waiting!.id })).statusCode).toBe(404);
    expect((await t.app.db.select().from(jobs).where(eq(jobs.id, waiting!.id)))[0]!.failedAt).toBeNull();

    for (const [path, body] of [
      ['failed-jobs', { page: 1 }],
      ['retry-job', { _id: waiting!.id }],
      ['discard-job', { _id: waiting!.id }],
    ] as const) {
      const res = await call(path, body, member);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: ErrorMessages.admin_only, code: 'admin_only' });
    }
  });
});

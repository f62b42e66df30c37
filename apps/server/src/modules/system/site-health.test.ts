import { readFileSync } from 'node:fs';
import { ErrorMessages, type SiteHealthResponse } from '@inkwell/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, post, type TestUser } from '../../test/factories.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { enqueueJob } from '../jobs/index.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let inbox: SmtpInbox;
let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'http://blog.example.com' });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const health = (user = owner) =>
  t.app.inject({ method: 'GET', url: '/api/admin/health', headers: { authorization: `Bearer ${user.token}` } });
const current = async () => (await health()).json<SiteHealthResponse>();

describe("GET /api/admin/health: the admins' health panel", () => {
  it('says the version, the database and its size, every queue by state, free space and the fediverse', async () => {
    const queue = `health-test-${Date.now()}`;
    await enqueueJob(t.app.db, { queue, payload: {} });
    const answer = await current();
    expect(answer).toMatchObject({
      version: VERSION,
      database: { engine: t.app.database.kind, replicas: [] },
      uploads: { store: 'disk' },
      federation: true,
      mail: { sends: true },
    });
    expect(answer.database.bytes).toBeGreaterThan(1_000_000);
    expect(answer.uploads.freeBytes).toBeGreaterThan(0);
    expect(answer.queues).toContainEqual({ queue, waiting: 1, running: 0, failed: 0 });
  });

  it("tells this instance's last mail sent, then the last mail that failed", async () => {
    expect((await current()).mail).toMatchObject({ lastSentAt: null, lastError: null });
    const forgot = () => post(t.app, '/api/user/forgot-password', { email: owner.email });
    expect((await forgot()).statusCode).toBe(200);
    await inbox.mailTo(owner.email);
    await expect.poll(async () => (await current()).mail.lastSentAt).not.toBeNull();

    // The mail server goes away: the next mail fails, and the panel says why.
    await inbox.close();
    expect((await forgot()).statusCode).toBe(200);
    await expect
      .poll(async () => (await current()).mail.lastError?.message, { timeout: 40_000 })
      .toMatch(/ECONNREFUSED|closed|connect/i);
  });

  it('is for admins: 403 for a member, 401 without a session', async () => {
    const member = await buildUser(t.app);
    const refused = await health(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: ErrorMessages.admin_only, code: 'admin_only' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/health' })).statusCode).toBe(401);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { buildUser, publishableBlog, type TestUser } from '../test/factories.ts';
import { freePort, killServers, startServer } from '../test/server-process.ts';
import { startSmtpInbox, type ReceivedMail } from '../test/smtp-inbox.ts';
import { createTestDatabase } from '../test/test-database.ts';

/*
 * A new blog mailed to 500 confirmed subscribers, exactly once each, while what it depends on
 * fails: the SMTP server stopped mid-batch, and the Inkwell server itself killed mid-batch.
 * Pacing and polling are set fast here (pacing has its own test in modules/jobs).
 */
const SUBSCRIBERS = 500;
const FAST = {
  MAIL_PER_MINUTE: '1000000',
  JOB_POLL_SECONDS: '0.1',
  JOB_RETRY_SECONDS: '1',
  JOB_LEASE_SECONDS: '2',
  PUBLIC_URL: 'https://blog.example.org',
};

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-newsletter-'));
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

async function until(what: string, done: () => boolean | Promise<boolean>, ms = 120_000) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`still waiting after ${ms / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The author's confirmed subscribers, written straight into the table (how they subscribe is tested elsewhere). */
async function addSubscribers(app: FastifyInstance, author: TestUser) {
  await app.db.execute(sql`insert into subscribers (author_id, email, confirmed_at)
    select u.id, 'reader' || i || '@example.net', now() from users u, generate_series(1, ${SUBSCRIBERS}) i where u.username = ${author.username}`);
}

/** Every subscriber's address, and how many mails each one got. */
function tally(mails: ReceivedMail[]) {
  const counts = new Map<string, number>();
  for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
}
const everyone = () => Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i + 1}@example.net`).sort();
const newsletterJobs = async (database: Pick<Database, 'db'>) =>
  database.db.select().from(jobs).where(eq(jobs.queue, 'newsletter-mail'));

it(
  'delivers each mail exactly once though the SMTP server stops mid-batch and comes back',
  { timeout: 300_000 },
  async () => {
    const port = await freePort();
    let inbox = await startSmtpInbox({ port });
    const received: ReceivedMail[] = [];
    const t = await buildTestApp({ ...FAST, SMTP_URL: inbox.url });
    try {
      const author = await buildUser(t.app);
      await addSubscribers(t.app, author);
      const blog = await t.app.inject({
        method: 'POST',
        url: '/api/blog/create-blog',
        payload: publishableBlog(),
        headers: { authorization: `Bearer ${author.token}` },
      });
      expect(blog.statusCode).toBe(200);
      // The worker runs on its timer, as in production (JOB_POLL_SECONDS overrides the tests' 0).
      await until('the first 100 mails', () => inbox.mails.length >= 100);
      await inbox.close();
      received.push(...inbox.mails);
      await until('sends to fail against the stopped server', async () =>
        (await newsletterJobs(t.app)).some((job) => job.lastError !== null),
      );
      inbox = await startSmtpInbox({ port });
      await until('the queue to drain', async () => (await newsletterJobs(t.app)).length === 0);
      received.push(...inbox.mails);
      const counts = tally(received);
      expect([...counts.keys()].sort()).toEqual(everyone());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(received).toHaveLength(SUBSCRIBERS);
    } finally {
      await t.close();
      await inbox.close();
    }
  },
);

it(
  'delivers each mail at least once, and at most one twice, though the server is killed mid-batch',
  { timeout: 300_000 },
  async () => {
    const inbox = await startSmtpInbox();
    // The real server process on PostgreSQL (TEST_DATABASE_URL) or on a PGlite folder, made ready here first.
    const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
    const dataDir = path.join(work, 'pglite');
    const openData = () =>
      postgres
        ? openDatabase({ databaseUrl: postgres.url!, dataDir: 'unused' })
        : openDatabase({ dataDir, embedded: 'pglite' });
    const dbEnv: Record<string, string> = postgres
      ? { DATABASE_URL: postgres.url! }
      : { DATA_DIR: dataDir, DATABASE: 'pglite' };

    let database = await openData();
    const setup = await buildApp({
      config: loadConfig({
        DATA_DIR: 'memory://',
        JOB_POLL_SECONDS: '0',
        SCHEDULED_PUBLISH_SECONDS: '0',
        READ_FLUSH_SECONDS: '0',
      }),
      database,
    });
    const author = await buildUser(setup);
    await addSubscribers(setup, author);
    await setup.close();
    await database.close();

    const env = { ...FAST, ...dbEnv, SMTP_URL: inbox.url };
    let server = await startServer(env);
    try {
      const blog = await fetch(`${server.url}/api/blog/create-blog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify(publishableBlog()),
      });
      expect(blog.status).toBe(200);
      await until('the first 150 mails', () => inbox.mails.length >= 150);
      await server.stop('SIGKILL');
      server = await startServer(env);
      // A mail that was in flight at the kill runs again once its lease (2 s, over before the restart) ran out: first in line.
      await until('every subscriber’s mail', () => tally(inbox.mails).size === SUBSCRIBERS);
      await server.stop();

      const counts = tally(inbox.mails);
      expect([...counts.keys()].sort()).toEqual(everyone());
      // At least once: a mail accepted by the SMTP server just before the kill, its job not yet
      // deleted, is sent again. Mails go one at a time, so one kill makes at most one duplicate.
      const twice = [...counts.values()].filter((n) => n > 1);
      expect(twice.length).toBeLessThanOrEqual(1);
      expect(twice.every((n) => n === 2)).toBe(true);
      database = await openData();
      expect(await newsletterJobs(database)).toEqual([]);
      await database.close();
    } finally {
      await server.stop('SIGKILL');
      await inbox.close();
      await postgres?.drop();
    }
  },
);

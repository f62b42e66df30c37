import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildComment, fetchBlog } from '../test/conversation.ts';
import { bearer, buildBlog, buildUser, post } from '../test/factories.ts';
import { openNotificationStream, type StreamReader } from '../test/notification-stream-reader.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { fakeWebDist } from '../test/web-dist.ts';
import { openDatabase, type Database } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';
import { queryRows } from './query-rows.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const TIMEOUT_SECONDS = 1;
const HEARTBEAT_SECONDS = 0.2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What `promise` comes to, or a failure once `ms` went by without it: a hang is what is tested for. */
const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`still waiting after ${ms} ms`)))]);

/**
 * The built web app, with a server renderer for the home page that loads the latest blogs as the web
 * app's does: a list that fails to load renders empty (prefetchQuery swallows the failure).
 */
function webDistWithRenderer() {
  const dist = fakeWebDist();
  mkdirSync(`${dist}-server`);
  writeFileSync(
    `${dist}-server/entry-server.js`,
    `export async function renderPage(url, call) {
      if (url !== '/') return null;
      const latest = await call('/api/blog/latest-blogs', { page: 1 }).catch(() => null);
      return { status: 200, html: '<main>' + (latest?.body.blogs.length ?? 0) + ' blogs</main>', stateScript: null };
    }`,
  );
  return dist;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
/** An instance whose PostgreSQL is reached through the proxy, which the tests break. */
let proxied: { app: FastifyInstance; url: string; database: Database };
/** Another instance, whose way to PostgreSQL stays whole: what it writes meanwhile is the test. */
let direct: FastifyInstance;

beforeAll(async () => {
  if (!serverUrl) return;
  database = await createTestDatabase();
  const server = new URL(serverUrl);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const url = new URL(database.url!);
  url.host = `127.0.0.1:${proxy.port}`;
  const env = {
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '100',
    STREAM_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
  };
  const config = loadConfig({
    ...env,
    DATABASE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
    WEB_DIST: webDistWithRenderer(),
  });
  const own = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    timeoutSeconds: config.databaseTimeoutSeconds,
  });
  const app = await buildApp({ config, database: own });
  await app.listen({ port: 0, host: '127.0.0.1' });
  proxied = { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, database: own };
  direct = await buildApp({ config: loadConfig(env), database });
});
afterEach(() => proxy?.restore());
afterAll(async () => {
  if (!serverUrl) return;
  await proxied.app.close();
  await proxied.database.close();
  await direct.close();
  await proxy.close();
  await database.drop();
});

const latestBlogs = () => post(proxied.app, '/api/blog/latest-blogs', { page: 1 });

/** An API call, a signed-in one and two pages (one rendered on the server, one not), each as the proxied instance answers it. */
async function answersDuringOutage(token: string, blogId: string) {
  return within(
    10_000,
    Promise.all([
      latestBlogs(),
      proxied.app.inject({ method: 'GET', url: '/api/notification/new-notification', headers: bearer(token) }),
      proxied.app.inject({ method: 'GET', url: '/' }),
      proxied.app.inject({ method: 'GET', url: `/blog/${blogId}` }),
    ]),
  );
}

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(JSON.parse(res.body)).toEqual({ error: ErrorMessages.database_unavailable, code: 'database_unavailable' });
}

it.runIf(serverUrl)(
  'answers 503 {error, code} with Retry-After while PostgreSQL is down, API and pages alike, and serves again within 10 s of its return',
  async () => {
    const author = await buildUser(proxied.app);
    const blogId = await buildBlog(proxied.app, author);
    proxy.cut();
    for (const res of await answersDuringOutage(author.token, blogId)) expectUnavailable(res);

    proxy.restore();
    await expect.poll(async () => (await latestBlogs()).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
    for (const url of ['/', `/blog/${blogId}`])
      expect((await proxied.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  },
);

it.runIf(serverUrl)(
  'answers 503 within the bound while PostgreSQL is silent, and serves again within 10 s once it answers',
  async () => {
    const author = await buildUser(proxied.app);
    const blogId = await buildBlog(proxied.app, author);
    proxy.blackhole();
    // Each request waits DATABASE_TIMEOUT_SECONDS (1 s) at most for a connection or an answer.
    for (const res of await answersDuringOutage(author.token, blogId)) expectUnavailable(res);

    proxy.restore();
    await expect.poll(async () => (await latestBlogs()).statusCode, { timeout: 10_000, interval: 100 }).toBe(200);
  },
);

it.runIf(serverUrl)(
  'gives up a connection whose statement went unanswered: no transaction is left open once PostgreSQL answers again',
  async () => {
    const failure = proxied.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.blackhole();
        await tx.execute(sql`select 2`);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(await within(10_000, failure))).toBe(true);

    proxy.restore();
    // What the silence held up is answered now; the pool's next users must not find themselves inside that transaction.
    for (let i = 0; i < 3; i++) await proxied.database.db.execute(sql`select 1`);
    // PostgreSQL ends the abandoned connection's transaction once it sees the connection closed: on a busy machine not at once.
    const openTransactions = async () => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      return row!.n;
    };
    await expect.poll(openTransactions, { timeout: 10_000, interval: 200 }).toBe(0);
  },
);

/** The events of `stream` until one says a notification is waiting; null if the stream ends first. */
async function nextNewNotification(stream: StreamReader, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const event = await stream.next(Math.max(deadline - Date.now(), 0));
    if (event === null || event.new_notification_available) return event;
  }
}

it.runIf(serverUrl)(
  'delivers a notification created while the instance could not listen, once PostgreSQL is back',
  async () => {
    const author = await buildUser(direct);
    const blog = await fetchBlog(direct, await buildBlog(direct, author), author);
    const stream = await openNotificationStream(proxied.url, author.token);
    expect(await stream.next()).toMatchObject({ new_notification_available: false });

    proxy.cut();
    // Written through the other instance: its NOTIFY reaches nobody on the proxied one, whose listening connection is gone.
    await buildComment(direct, await buildUser(direct), blog);
    await sleep(500);
    proxy.restore();

    // The listener comes back within its longest retry delay (5 s).
    expect(await nextNewNotification(stream, 15_000)).toEqual({ new_notification_available: true });
    stream.close();
  },
);

it.runIf(serverUrl)(
  'keeps an open notification stream through a 2 s outage: it stays open and gets the next notification',
  async () => {
    const author = await buildUser(direct);
    const blog = await fetchBlog(direct, await buildBlog(direct, author), author);
    const stream = await openNotificationStream(proxied.url, author.token);
    expect(await stream.next()).toMatchObject({ new_notification_available: false });

    proxy.cut();
    // Ten heartbeats could not check the session meanwhile.
    await sleep(2000);
    proxy.restore();
    const heartbeats = stream.heartbeats();
    await expect.poll(() => stream.heartbeats(), { timeout: 10_000 }).toBeGreaterThan(heartbeats);

    await buildComment(direct, await buildUser(direct), blog);
    expect(await nextNewNotification(stream, 15_000)).toEqual({ new_notification_available: true });
    stream.close();
  },
);

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteHealthResponse } from '@inkwell/contracts';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../test/factories.ts';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  startPrivateReplica,
  type PrivatePostgres,
} from '../test/private-postgres.ts';
import { openDatabase, type Database } from './client.ts';
import { queryRows } from './query-rows.ts';
import { openReplicas } from './replicas.ts';

const unavailable = privatePostgresUnavailable();
let primary: PrivatePostgres;
let replica: PrivatePostgres;
let database: Database;
let app: FastifyInstance;
let author: TestUser;

/** One statement on a cluster, on a connection of its own. */
async function on<T>(cluster: PrivatePostgres, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Holds the replica where it is, or lets it replay again and waits until it has replayed all the primary has written. */
const pauseReplay = () => on(replica, 'select pg_wal_replay_pause()');
async function resumeReplay() {
  await on(replica, 'select pg_wal_replay_resume()');
  const [{ lsn }] = (await on<{ lsn: string }>(primary, 'select pg_current_wal_insert_lsn() as lsn')) as [
    { lsn: string },
  ];
  await vi.waitFor(
    async () => {
      const [{ behind }] = (await on<{ behind: boolean }>(
        replica,
        `select pg_last_wal_replay_lsn() < '${lsn}' as behind`,
      )) as [{ behind: boolean }];
      if (behind) throw new Error(`the replica has not replayed up to ${lsn}`);
    },
    { timeout: 30_000, interval: 20 },
  );
}

/** A change made in SQL on the primary, behind the app's back: no answer has told anyone of it. */
const retitle = (blogId: string, title: string) =>
  app.db.execute(sql`update blogs set title = ${title} where blog_id = ${blogId}`);
const titleOf = async (blogId: string, token?: string) => {
  const res = await post(app, '/api/blog/get-blog', { blog_id: blogId }, token);
  return res.statusCode === 200 ? res.json<{ blog: { title: string } }>().blog.title : `${res.statusCode}`;
};
const page = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return `${res.statusCode} ${res.body}`;
};
const routedToReplica = () => database.replicas!.routed().replica;

describe('read replicas (DATABASE_REPLICA_URLS)', () => {
  beforeEach(({ skip }) => skip(unavailable !== null, `no private PostgreSQL: ${unavailable}`));
  beforeAll(async () => {
    if (unavailable) return;
    primary = await startPrivatePostgres();
    replica = await startPrivateReplica(primary);
    database = await openDatabase({ databaseUrl: primary.url, replicaUrls: [replica.url], dataDir: 'unused' });
    app = await buildApp({
      config: testConfig({ DATABASE_URL: primary.url, DATABASE_REPLICA_URLS: replica.url }),
      database,
    });
    await app.ready();
    author = await buildUser(app);
    await resumeReplay();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await replica?.teardown();
    await primary?.teardown();
  });

  it('answers anonymous reads and pages from the replica, and a member from the primary', async () => {
    const blogId = await buildBlog(app, author, { title: 'As published' });
    await resumeReplay();
    await pauseReplay();
    await retitle(blogId, 'Changed behind the replica');
    const before = routedToReplica();

    expect(await titleOf(blogId)).toBe('As published');
    expect(await page(`/blog/${blogId}`)).toContain('As published');
    expect(await page('/')).toContain('As published');
    expect(routedToReplica()).toBe(before + 3);
    expect(await titleOf(blogId, author.token)).toBe('Changed behind the replica');
    await resumeReplay();
  });

  it('shows a publish and an edit to anonymous readers at once while the replica does not replay them, from the primary', async () => {
    await pauseReplay();
    const blogId = await buildBlog(app, author, { title: 'Fresh off the press' });
    expect(await titleOf(blogId)).toBe('Fresh off the press');
    expect(await page(`/blog/${blogId}`)).toContain('Fresh off the press');
    expect(await page('/')).toContain('Fresh off the press');

    await buildBlog(app, author, { id: blogId, title: 'Second thoughts' });
    expect(await titleOf(blogId)).toBe('Second thoughts');
    expect(await page(`/blog/${blogId}`)).toContain('Second thoughts');

    // Once the replica has replayed them, it answers again.
    await resumeReplay();
    const before = routedToReplica();
    expect(await page(`/blog/${blogId}?again`)).toContain('Second thoughts');
    expect(routedToReplica()).toBe(before + 1);
  });

  it("waits for another instance's write whose notification has not arrived yet", async () => {
    const blogId = await buildBlog(app, author, { title: 'Before the other instance' });
    await resumeReplay();
    expect(await titleOf(blogId)).toBe('Before the other instance'); // kept in the read cache
    await pauseReplay();
    // What another instance's write does, but for its NOTIFY, which this one has not heard.
    await retitle(blogId, 'Written on another instance');
    await app.db.execute(sql`update cache_clock set value = value + 1`);
    expect(await titleOf(blogId)).toBe('Written on another instance');
    await resumeReplay();
  });

  it('lets a member read their own write at once, even one no reader waits for (a bookmark)', async () => {
    const blogId = await buildBlog(app, author, { title: 'Worth keeping' });
    const [{ id }] = (await queryRows<{ id: string }>(app.db, sql`select id from blogs where blog_id = ${blogId}`)) as [
      { id: string },
    ];
    const reader = await buildUser(app);
    await pauseReplay();
    expect((await post(app, '/api/blog/bookmark', { _id: id, isBookmarked: false }, reader.token)).statusCode).toBe(
      200,
    );
    const list = await post(app, '/api/user/reading-list', { page: 1 }, reader.token);
    expect(list.json<{ blogs: { blog_id: string }[] }>().blogs.map((blog) => blog.blog_id)).toEqual([blogId]);
    await resumeReplay();
  });

  it('never reads from a server that is no replica', async () => {
    const notReplica = openReplicas(database.db, [primary.url], 5_000, 2);
    try {
      expect(await notReplica.forRead()).toBe(database.db);
      expect(notReplica.health()).toEqual([
        { name: new URL(primary.url).host + '/postgres', state: 'not replicating' },
      ]);
    } finally {
      await notReplica.close();
    }
  });

  it('answers from the primary while the replica is down, says so in the health panel and the metrics, and reads from the replica once it is back', async () => {
    const admin = await buildUser(app);
    await app.db.execute(sql`update users set role = 'admin' where username = ${admin.username}`);
    const blogId = await buildBlog(app, author, { title: 'Still here' });
    await replica.stop('fast');
    expect(await titleOf(blogId)).toBe('Still here');
    expect(await page(`/blog/${blogId}`)).toContain('Still here');
    const name = `${new URL(replica.url).host}/postgres`;
    const health = await app.inject({ method: 'GET', url: '/api/admin/health', headers: bearer(admin.token) });
    expect(health.json<SiteHealthResponse>().database.replicas).toEqual([{ name, state: 'down' }]);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`inkwell_replica_up{replica="${name}"} 0`);

    await replica.start();
    const before = routedToReplica();
    let attempt = 0;
    const readAgain = async () => {
      expect(await page(`/blog/${blogId}?attempt=${attempt++}`)).toContain('Still here');
      return routedToReplica();
    };
    await expect.poll(readAgain, { timeout: 30_000 }).toBeGreaterThan(before);
  });
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/build-test-app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { buildBlog, buildUser, post, publishableBlog } from '../test/factories.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { freePort, startVarnish, varnishInstalled, type Varnish } from '../test/varnish.ts';

/*
 * docs/shared-cache/varnish.vcl, as an operator would use it: a real Varnish (Debian's) in front of two
 * instances on one PostgreSQL, each told to purge it. Installed by .ci/run; without varnishd, skipped.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !varnishInstalled())('Varnish in front of two instances', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Database;
  let instances: FastifyInstance[];
  let varnish: Varnish;
  let front: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.url, dataDir: 'unused' });
    const varnishPort = await freePort();
    const config = testConfig({ CACHE_PURGE_URL: `http://127.0.0.1:${varnishPort}/` });
    instances = [];
    for (const db of [database, second]) {
      const app = await buildApp({ config, database: db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push(app);
    }
    const [a, b] = instances.map((app) => (app.server.address() as { port: number }).port) as [number, number];
    varnish = await startVarnish(varnishPort, [a, b]);
    front = varnish.base;
  }, 60_000);

  afterAll(async () => {
    await varnish?.stop();
    for (const app of instances ?? []) await app.close();
    await second?.close();
    await database?.drop();
  });

  const through = (url: string) => fetch(`${front}${url}`);
  /** The page through Varnish, and whether Varnish answered it from its own copy. */
  const page = async (url: string) => {
    const res = await through(url);
    return { html: await res.text(), cached: res.headers.get('x-cache') === 'hit' };
  };

  it('keeps an anonymous page, shows an edit made on either instance within a second, and a like elsewhere purges nothing else', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const [author, other, reader] = [await buildUser(a), await buildUser(a), await buildUser(a)];
    const shown = await buildBlog(a, author, { title: 'Before the edit' });
    // By someone else, on another topic: not among the page's similar blogs.
    const liked = await buildBlog(a, other, { title: 'Liked elsewhere', tags: ['cooking'] });
    await a.readCache.flushCounts(); // the author's count of posts
    const url = `/blog/${shown}`;

    await page(url);
    expect(await page(url)).toMatchObject({ cached: true });
    expect((await page(url)).html).toContain('Before the edit');

    // Edited through instance B: B purges the blog's key, and Varnish asks an instance again.
    const editor = await post(b, '/api/user/signin', { email: author.email, password: author.password });
    const token = editor.json<{ access_token: string }>().access_token;
    await post(b, '/api/blog/create-blog', publishableBlog({ id: shown, title: 'After the edit' }), token);
    await vi.waitFor(async () => expect((await page(url)).html).toContain('After the edit'), { timeout: 1000 });
    expect(await page(url)).toMatchObject({ cached: true });

    // A like of another blog, once its count is sent, purges that blog alone: this page stays.
    const [row] = await queryRows<{ id: string }>(a.db, sql`select id from blogs where blog_id = ${liked}`);
    await post(a, '/api/blog/like-blog', { _id: row!.id, isLikedByUser: false }, reader.token);
    await a.readCache.flushCounts();
    await vi.waitFor(async () =>
      expect((await (await through(`/blog/${liked}`)).text()).includes('"total_likes":1')).toBe(true),
    );
    expect(await page(url)).toMatchObject({ cached: true, html: expect.stringContaining('After the edit') });
  });

  it('never keeps a signed-in call', async () => {
    const [a] = instances as [FastifyInstance];
    const reader = await buildUser(a);
    const me = () => fetch(`${front}/api/user/me`, { headers: { authorization: `Bearer ${reader.token}` } });
    await me();
    expect((await me()).headers.get('x-cache')).toBe('miss');
  });
});

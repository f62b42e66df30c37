import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, Messages } from '@inkwell/contracts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs } from '../../db/schema/index.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/test-database.ts';

/** The app's clock: the real time when the file starts, moved on by the tests, never waited for. */
let now = new Date();
const later = (ms: number) => new Date(now.getTime() + ms);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, () => now);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const create = (user: TestUser, overrides: Record<string, unknown>) =>
  post(t.app, '/api/blog/create-blog', publishableBlog(overrides), user.token);
async function schedule(user: TestUser, at: Date, overrides: Record<string, unknown> = {}) {
  const res = await create(user, { publishAt: at.toISOString(), ...overrides });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}
const getBlog = (blogId: string, user?: TestUser) =>
  post(t.app, '/api/blog/get-blog', { blog_id: blogId }, user?.token);
const latestTitles = async () =>
  (await post(t.app, '/api/blog/latest-blogs', { page: 1 })).json().blogs.map((b: { title: string }) => b.title);
const searchTitles = async (body: object) =>
  (await post(t.app, '/api/blog/search-blogs', { page: 1, ...body }))
    .json()
    .blogs.map((b: { title: string }) => b.title);
const allCount = async () => (await post(t.app, '/api/blog/all-latest-blogs-count', {})).json().totalDocs;
const tagCount = async (tag: string) => (await post(t.app, '/api/blog/search-blogs-count', { tag })).json().totalDocs;
const totalPosts = async (user: TestUser) =>
  (await post(t.app, '/api/user/get-profile', { username: user.username })).json().account_info.total_posts;
const run = () => t.app.scheduledPublishing.run();

async function row(blogId: string) {
  const [found] = await t.app.db.select().from(blogs).where(eq(blogs.blogId, blogId));
  return found!;
}

/** Every kept counter equals a count of the rows: blog_counts, blog_day_counts and each author's total_posts. */
async function countersMatchRows(db = t.app.db) {
  const [mismatch] = await queryRows<{ n: number }>(
    db,
    sql`select
      (select count(*) from (
        select scope, total from blog_counts where total <> 0
        except select 'all', count(*)::int from blogs where not draft
        except select 'tag:' || tag, count(*)::int from blogs, unnest(tags) tag where not draft group by tag) x)
      + (select count(*) from (
        select day, total from blog_day_counts where total <> 0
        except select (published_at at time zone 'UTC')::date, count(*)::int from blogs where not draft group by 1) y)
      + (select count(*) from users u where total_posts <> (select count(*) from blogs b where b.author_id = u.id and not draft)) as n`,
  );
  expect(Number(mismatch!.n)).toBe(0);
}

describe('scheduling a blog through create-blog', () => {
  it('refuses a time that is not in the future, has no offset, or comes with a draft', async () => {
    const author = await buildUser(t.app);
    for (const publishAt of [now.toISOString(), later(-60_000).toISOString()]) {
      const res = await create(author, { publishAt });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ErrorMessages.publish_time_past, code: 'publish_time_past' });
    }
    const noOffset = await create(author, { publishAt: '2099-01-01T09:00:00' });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().error).toMatch(/offset/);
    expect(noOffset.json().code).toBe('publish_time_invalid');
    const draft = await create(author, { publishAt: later(HOUR).toISOString(), draft: true });
    expect(draft.json()).toEqual({ error: ErrorMessages.draft_with_publish_time, code: 'draft_with_publish_time' });
    expect(await totalPosts(author)).toBe(0);
    // An offset other than Z is the same moment.
    const blogId = await schedule(author, later(HOUR), { publishAt: '2099-06-01T09:00:00+02:00' });
    expect((await getBlog(blogId, author)).json().blog.publishAt).toBe('2099-06-01T07:00:00.000Z');
  });

  it('checks the publish rules, as the blog will go out unattended', async () => {
    const author = await buildUser(t.app);
    const res = await create(author, { publishAt: later(HOUR).toISOString(), tags: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.tagRequired, code: 'tags_required' });
  });

  it('cannot schedule a blog that is published; saving a draft, publishing now or a new time change the schedule', async () => {
    const author = await buildUser(t.app);
    const published = await buildBlog(t.app, author);
    const refused = await create(author, { id: published, publishAt: later(HOUR).toISOString() });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: ErrorMessages.published_blog_schedule, code: 'published_blog_schedule' });
    expect((await getBlog(published)).statusCode).toBe(200);

    const blogId = await schedule(author, later(HOUR));
    const publishAt = async () => (await getBlog(blogId, author)).json().blog.publishAt;
    expect(await publishAt()).toBe(later(HOUR).toISOString());
    await schedule(author, later(2 * HOUR), { id: blogId });
    expect(await publishAt()).toBe(later(2 * HOUR).toISOString());
    expect((await create(author, { id: blogId, draft: true })).statusCode).toBe(200);
    expect(await publishAt()).toBeNull();

    await schedule(author, later(HOUR), { id: blogId });
    expect((await create(author, { id: blogId })).statusCode).toBe(200);
    const blog = (await getBlog(blogId, author)).json().blog;
    expect(blog).toMatchObject({ draft: false, publishAt: null, publishedAt: now.toISOString() });
    expect(await totalPosts(author)).toBe(2);
  });

  it('lets only the author schedule or reschedule a blog', async () => {
    const author = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true });
    const res = await create(stranger, { id: blogId, publishAt: later(HOUR).toISOString() });
    expect(res.statusCode).toBe(403);
    expect((await getBlog(blogId, author)).json().blog.publishAt).toBeNull();
    expect(
      (await post(t.app, '/api/blog/create-blog', publishableBlog({ publishAt: later(HOUR).toISOString() })))
        .statusCode,
    ).toBe(401);
  });
});

describe('a scheduled blog', () => {
  it('is seen by its author alone until its time, then published at that time with every count', async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    const tag = `sched${uniqueId()}`;
    const title = `Tomorrow news ${uniqueId()}`;
    const [allBefore, postsBefore] = [await allCount(), await totalPosts(author)];
    const at = later(HOUR);
    const blogId = await schedule(author, at, { title, tags: [tag] });
    const { updatedAt } = await row(blogId);

    const own = (await getBlog(blogId, author)).json().blog;
    expect(own).toMatchObject({ draft: true, publishAt: at.toISOString(), publishedAt: null });
    for (const viewer of [reader, undefined]) {
      const res = await getBlog(blogId, viewer);
      expect(res.statusCode).toBe(404);
    }
    expect(await latestTitles()).not.toContain(title);
    expect(await searchTitles({ query: title })).toEqual([]);
    expect(await searchTitles({ author: author.username })).toEqual([]);
    expect([await allCount(), await tagCount(tag), await totalPosts(author)]).toEqual([allBefore, 0, postsBefore]);
    const feed = await t.app.inject({ method: 'GET', url: `/tag/${tag}/feed.xml` });
    expect(feed.body).not.toContain(title);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap-blogs-1.xml' });
    expect(sitemap.body).not.toContain(blogId);
    const drafts = (await post(t.app, '/api/blog/user-written-blogs', { draft: true }, author.token)).json().blogs;
    expect(drafts).toEqual([expect.objectContaining({ blog_id: blogId, draft: true, publishAt: at.toISOString() })]);

    now = new Date(at.getTime() - 1);
    expect(await run()).toBe(0);
    expect((await getBlog(blogId)).statusCode).toBe(404);

    now = new Date(at.getTime() + 90_000);
    expect(await run()).toBe(1);
    const published = (await getBlog(blogId, reader)).json().blog;
    expect(published).toMatchObject({ draft: false, publishedAt: at.toISOString(), publishAt: null });
    expect(await latestTitles()).toContain(title);
    expect(await searchTitles({ query: title })).toEqual([title]);
    expect([await allCount(), await tagCount(tag), await totalPosts(author)]).toEqual([
      allBefore + 1,
      1,
      postsBefore + 1,
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/tag/${tag}/feed.xml` })).body).toContain(title);
    // The writer changed nothing: the edit-conflict stamp stays.
    expect((await row(blogId)).updatedAt).toEqual(updatedAt);
    expect(await run()).toBe(0);
    await countersMatchRows();
  });
});

describe('POST /api/blog/schedule and /api/blog/publish-now', () => {
  it('reschedules, takes back to a draft, and publishes now at the time of asking', async () => {
    const author = await buildUser(t.app);
    const blogId = await schedule(author, later(HOUR));
    const publishAt = async () => (await getBlog(blogId, author)).json().blog.publishAt;

    const moved = await post(
      t.app,
      '/api/blog/schedule',
      { blog_id: blogId, publishAt: later(3 * HOUR).toISOString() },
      author.token,
    );
    expect(moved.json()).toEqual({ status: 'done' });
    expect(await publishAt()).toBe(later(3 * HOUR).toISOString());
    const past = await post(
      t.app,
      '/api/blog/schedule',
      { blog_id: blogId, publishAt: later(-1).toISOString() },
      author.token,
    );
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: ErrorMessages.publish_time_past, code: 'publish_time_past' });

    expect(
      (await post(t.app, '/api/blog/schedule', { blog_id: blogId, publishAt: null }, author.token)).statusCode,
    ).toBe(200);
    expect(await publishAt()).toBeNull();
    now = later(4 * HOUR);
    expect(await run()).toBe(0);
    expect((await getBlog(blogId)).statusCode).toBe(404);

    expect((await post(t.app, '/api/blog/publish-now', { blog_id: blogId }, author.token)).json()).toEqual({
      status: 'done',
    });
    expect((await getBlog(blogId)).json().blog).toMatchObject({
      draft: false,
      publishedAt: now.toISOString(),
      publishAt: null,
    });
    expect(await totalPosts(author)).toBe(1);
    const again = await post(t.app, '/api/blog/publish-now', { blog_id: blogId }, author.token);
    expect(again.statusCode).toBe(400);
    expect(
      (await post(t.app, '/api/blog/schedule', { blog_id: blogId, publishAt: later(HOUR).toISOString() }, author.token))
        .statusCode,
    ).toBe(400);
    await countersMatchRows();
  });

  it('will not schedule a draft that fails the publish rules', async () => {
    const author = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true, des: '' });
    const res = await post(
      t.app,
      '/api/blog/schedule',
      { blog_id: blogId, publishAt: later(HOUR).toISOString() },
      author.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.descriptionRule, code: 'description_invalid' });
    expect((await post(t.app, '/api/blog/publish-now', { blog_id: blogId }, author.token)).statusCode).toBe(400);
  });

  it('is the author’s alone: 404 for anyone else, 401 without a session', async () => {
    const author = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const blogId = await schedule(author, later(HOUR));
    for (const [path, body] of [
      ['/api/blog/schedule', { blog_id: blogId, publishAt: null }],
      ['/api/blog/publish-now', { blog_id: blogId }],
    ] as const) {
      const res = await post(t.app, path, body, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found', code: 'blog_not_found' });
      expect((await post(t.app, path, body)).statusCode).toBe(401);
    }
    expect((await getBlog(blogId, author)).json().blog).toMatchObject({
      draft: true,
      publishAt: later(HOUR).toISOString(),
    });
  });
});

/**
 * Two app instances, each with its own connections, on one PostgreSQL database, both running the
 * scheduler at once, again and again: every due blog is published by exactly one of them.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances publishing on one database', () => {
  it('publishes each blog exactly once, and the counters equal the rows', async () => {
    const database = await createTestDatabase();
    const second = await openDatabase({ databaseUrl: database.url!, dataDir: 'unused' });
    let clock = new Date();
    const config = loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      READ_FLUSH_SECONDS: '0',
      SCHEDULED_PUBLISH_SECONDS: '0',
    });
    const [a, b] = await Promise.all([
      buildApp({ config, database, clock: () => clock }),
      buildApp({ config, database: second, clock: () => clock }),
    ]);
    try {
      await Promise.all([a.ready(), b.ready()]);
      const writers = await Promise.all([buildUser(a), buildUser(b), buildUser(a)]);
      const at = new Date(clock.getTime() + HOUR);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const writer = writers[i % writers.length]!;
        const res = await post(
          i % 2 ? a : b,
          '/api/blog/create-blog',
          publishableBlog({
            title: `Due ${i}`,
            tags: ['due', `t${i % 4}`],
            publishAt: new Date(at.getTime() + i).toISOString(),
          }),
          writer.token,
        );
        expect(res.statusCode).toBe(200);
        ids.push(res.json().id);
      }
      clock = new Date(at.getTime() + HOUR);
      const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).scheduledPublishing.run()));
      expect(runs.reduce((sum, n) => sum + n, 0)).toBe(30);
      const count = await post(a, '/api/blog/search-blogs-count', { tag: 'due' });
      expect(count.json().totalDocs).toBe(30);
      for (const writer of writers) {
        expect(
          (await post(b, '/api/user/get-profile', { username: writer.username })).json().account_info.total_posts,
        ).toBe(10);
      }
      await countersMatchRows(a.db);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await second.close();
      await database.drop();
    }
  });
});

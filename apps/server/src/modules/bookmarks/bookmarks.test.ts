import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogCard, Limits, Messages } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  // These tests save far faster than a person; rate limits have their own tests (hostile/sessions.test.ts).
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  [author, reader] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
});
afterAll(() => t.close());

/** A new published blog's blog_id and `_id` (what the blog page saves by). */
async function publishedBlog(overrides: Record<string, unknown> = {}) {
  const blogId = await buildBlog(t.app, author, overrides);
  const [row] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
  return { blogId, _id: row!.id };
}

const bookmark = (user: TestUser, _id: string, isBookmarked: boolean) =>
  post(t.app, '/api/blog/bookmark', { _id, isBookmarked }, user.token);
const isBookmarked = async (user: TestUser, _id: string) =>
  (await post(t.app, '/api/user/is-bookmarked', { _id }, user.token)).json().result;
const readingList = (user: TestUser, body: object = {}) => post(t.app, '/api/user/reading-list', body, user.token);
const listed = async (user: TestUser, body: object = {}) =>
  (await readingList(user, body)).json().blogs.map((b: { blog_id: string }) => b.blog_id);
const listCount = async (user: TestUser) =>
  (await post(t.app, '/api/user/reading-list-count', {}, user.token)).json().totalDocs;

async function bookmarkRows(_id: string) {
  const [row] = await queryRows<{ n: number }>(
    t.app.db,
    sql`select count(*)::int as n from bookmarks where blog_id = ${_id}`,
  );
  return Number(row!.n);
}

describe('bookmark and is-bookmarked', () => {
  it('saves, repeats harmlessly, and removes', async () => {
    const { _id } = await publishedBlog();
    expect(await isBookmarked(reader, _id)).toBe(false);

    const saved = await bookmark(reader, _id, false);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ bookmarked: true });
    expect(await isBookmarked(reader, _id)).toBe(true);
    expect(await isBookmarked(author, _id)).toBe(false);
    // The same request again (a double click, a retry) changes nothing.
    expect((await bookmark(reader, _id, false)).json()).toEqual({ bookmarked: true });
    expect(await bookmarkRows(_id)).toBe(1);

    expect((await bookmark(reader, _id, true)).json()).toEqual({ bookmarked: false });
    expect((await bookmark(reader, _id, true)).json()).toEqual({ bookmarked: false });
    expect(await isBookmarked(reader, _id)).toBe(false);
    expect(await bookmarkRows(_id)).toBe(0);
  });

  it('leaves exactly one bookmark when 20 identical requests arrive at once, and none after 20 removals', async () => {
    const { _id } = await publishedBlog();
    const saves = await Promise.all(Array.from({ length: 20 }, () => bookmark(reader, _id, false)));
    for (const res of saves) expect(res.json()).toEqual({ bookmarked: true });
    expect(await bookmarkRows(_id)).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => bookmark(reader, _id, true)));
    expect(await bookmarkRows(_id)).toBe(0);
  });

  it('needs a login, in the words the web app shows', async () => {
    const { _id } = await publishedBlog();
    const res = await post(t.app, '/api/blog/bookmark', { _id, isBookmarked: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.loginToBookmark, code: 'bookmark_unauthorized' });
    for (const url of ['/api/user/is-bookmarked', '/api/user/reading-list', '/api/user/reading-list-count']) {
      expect((await post(t.app, url, { _id, page: 1 })).statusCode, url).toBe(401);
    }
    expect(await bookmarkRows(_id)).toBe(0);
  });

  it('answers 404 for ids that are not published blogs (another author’s draft too) and 400 for a malformed body', async () => {
    const { _id: draft } = await publishedBlog({ draft: true });
    for (const _id of [draft, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '', 'x'.repeat(50_000)]) {
      const res = await bookmark(reader, _id, false);
      expect(res.statusCode, _id).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found', code: 'blog_not_found' });
      expect((await post(t.app, '/api/user/is-bookmarked', { _id }, reader.token)).statusCode).toBe(404);
    }
    expect(await bookmarkRows(draft)).toBe(0);
    for (const body of [{}, { _id: draft, isBookmarked: 'no' }]) {
      expect((await post(t.app, '/api/blog/bookmark', body, reader.token)).statusCode).toBe(400);
    }
  });
});

describe('reading-list and reading-list-count', () => {
  it('lists the reader’s own saves, newest save first, as cards with their _id, paged', async () => {
    const saver = await buildUser(t.app);
    const saved: { blogId: string; _id: string }[] = [];
    for (let i = 0; i < Limits.pageSize + 2; i++) saved.push(await publishedBlog({ title: `Saved ${i}` }));
    // Saved in another order than published: the list goes by when each was saved.
    for (const blog of [...saved].reverse()) expect((await bookmark(saver, blog._id, false)).statusCode).toBe(200);
    const newestSaveFirst = saved.map((b) => b.blogId);

    const page1 = await readingList(saver, { page: 1 });
    expect(page1.statusCode).toBe(200);
    const [card] = page1.json().blogs;
    expect(Object.keys(card).sort()).toEqual([...Object.keys(BlogCard.shape), '_id'].sort());
    expect(card).toMatchObject({
      _id: saved[0]!._id,
      title: 'Saved 0',
      author: { personal_info: { username: author.username } },
    });
    expect([...(await listed(saver, { page: 1 })), ...(await listed(saver, { page: 2 }))]).toEqual(newestSaveFirst);
    expect(await listCount(saver)).toBe(Limits.pageSize + 2);

    // Two removed from page 1: page 2, told so, starts where page 1 now ends.
    for (const blog of saved.slice(0, 2)) await bookmark(saver, blog._id, true);
    expect(await listed(saver, { page: 2, deletedDocCount: 2 })).toEqual(newestSaveFirst.slice(Limits.pageSize));
    // Without the removals counted, the two blogs that moved up onto page 1 would be missed.
    expect(await listed(saver, { page: 2 })).toEqual([]);
    expect(await listed(saver, { page: 1 })).toEqual(newestSaveFirst.slice(2, Limits.pageSize + 2));
    expect(await listCount(saver)).toBe(Limits.pageSize);

    // Nobody else sees it, nor has it.
    expect(await listed(reader)).not.toContain(saved[2]!.blogId);
    expect(await listCount(await buildUser(t.app))).toBe(0);
  });

  it('loses a blog its author deletes, with its bookmarks', async () => {
    const saver = await buildUser(t.app);
    const kept = await publishedBlog();
    const doomed = await publishedBlog();
    await bookmark(saver, kept._id, false);
    await bookmark(saver, doomed._id, false);
    expect((await post(t.app, '/api/blog/delete-blog', { blog_id: doomed.blogId }, author.token)).statusCode).toBe(200);
    expect(await bookmarkRows(doomed._id)).toBe(0);
    expect(await listed(saver)).toEqual([kept.blogId]);
    expect(await listCount(saver)).toBe(1);
  });

  it('answers 400 for a malformed page', async () => {
    expect((await readingList(reader, { page: 0 })).statusCode).toBe(400);
  });
});

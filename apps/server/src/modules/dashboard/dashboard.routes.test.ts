import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, Limits } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, comments, likes, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const list = (user: TestUser, body: object) => post(t.app, '/api/blog/user-written-blogs', body, user.token);
const count = async (user: TestUser, body: object) =>
  (await post(t.app, '/api/blog/user-written-blogs-count', body, user.token)).json().totalDocs;
const titles = async (user: TestUser, body: object) =>
  (await list(user, body)).json().blogs.map((b: { title: string }) => b.title);
/** Reads a blog and counts the read at once (reads are otherwise counted every few seconds). */
async function read(blogId: string, reader: TestUser) {
  const res = await post(t.app, '/api/blog/get-blog', { blog_id: blogId }, reader.token);
  await t.app.readCounts.flush();
  return res;
}

async function counters(user: TestUser) {
  const [row] = await queryRows<{ total_posts: number; total_reads: number }>(
    t.app.db,
    sql`select total_posts, total_reads from users where username = ${user.username}`,
  );
  return { posts: Number(row!.total_posts), reads: Number(row!.total_reads) };
}

async function internalId(blogId: string) {
  const [row] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
  return row!.id;
}

describe('POST /api/blog/user-written-blogs and -count', () => {
  it('lists only the signed-in author’s blogs of the asked kind, newest first, with their activity', async () => {
    const author = await buildUser(t.app);
    const other = await buildUser(t.app);
    await buildBlog(t.app, other, { title: 'Not mine' });
    const first = await buildBlog(t.app, author, { title: 'First light' });
    await buildBlog(t.app, author, { title: 'Second wind' });
    await buildBlog(t.app, author, { title: 'A draft idea', draft: true });
    await read(first, other);

    const res = await list(author, { page: 1, draft: false, query: '', deletedDocCount: 0 });
    expect(res.statusCode).toBe(200);
    const published = res.json().blogs;
    expect(published.map((b: { title: string }) => b.title)).toEqual(['Second wind', 'First light']);
    expect(published[1]).toEqual({
      blog_id: first,
      title: 'First light',
      banner: 'http://localhost:80/uploads/banner.webp',
      des: 'Notes from a long walk.',
      publishedAt: expect.any(String),
      updatedAt: expect.any(String),
      draft: false,
      publishAt: null,
      hidden_reason: null,
      awaiting_review: false,
      activity: { total_likes: 0, total_comments: 0, total_reads: 1, total_parent_comments: 0 },
    });
    expect(await titles(author, { page: 1, draft: true })).toEqual(['A draft idea']);
    expect(await count(author, { draft: false })).toBe(2);
    expect(await count(author, { draft: true })).toBe(1);
  });

  it('answers when each blog was last saved: every save moves it, likes, comments and reads do not', async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { title: 'Half a thought', draft: true });
    const lastSaved = async (draft: boolean) => {
      const [blog] = (await list(author, { draft })).json().blogs;
      return Date.parse(blog.updatedAt);
    };
    const save = async (overrides: object) => {
      const res = await post(
        t.app,
        '/api/blog/create-blog',
        publishableBlog({ id: blogId, ...overrides }),
        author.token,
      );
      expect(res.statusCode).toBe(200);
    };

    const created = await lastSaved(true);
    expect(created).toBeGreaterThan(Date.now() - 60_000);
    await save({ title: 'Half a thought, finished', draft: true });
    const edited = await lastSaved(true);
    expect(edited).toBeGreaterThan(created);
    await save({ draft: false });
    const published = await lastSaved(false);
    expect(published).toBeGreaterThan(edited);

    const { _id } = (await read(blogId, reader)).json().blog;
    expect((await post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false }, reader.token)).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/api/comment/add-comment', { _id, comment: 'Nice one' }, reader.token)).statusCode).toBe(
      200,
    );
    expect(await lastSaved(false)).toBe(published);
  });

  it('pages by the server page size and skips fewer after deletions', async () => {
    const author = await buildUser(t.app);
    const total = Limits.pageSize + 3;
    for (let i = 0; i < total; i++)
      await buildBlog(t.app, author, { title: `Entry ${String(i).padStart(2, '0')}`, draft: true });
    const page1 = await titles(author, { page: 1, draft: true });
    const page2 = await titles(author, { page: 2, draft: true });
    expect(page1).toHaveLength(Limits.pageSize);
    expect(page2).toHaveLength(3);
    expect(new Set([...page1, ...page2]).size).toBe(total);

    // Two blogs of page 1 deleted: page 2 must start where page 1 now ends.
    const { blogs: loaded } = (await list(author, { page: 1, draft: true })).json();
    for (const blog of loaded.slice(0, 2)) {
      expect((await post(t.app, '/api/blog/delete-blog', { blog_id: blog.blog_id }, author.token)).statusCode).toBe(
        200,
      );
    }
    expect(await titles(author, { page: 2, draft: true, deletedDocCount: 2 })).toEqual(page2);
    // Without the deletions counted, the two blogs that moved up onto page 1 would be missed.
    expect(await titles(author, { page: 2, draft: true })).toEqual(page2.slice(2));
    expect(await count(author, { draft: true })).toBe(total - 2);
  });

  it('searches titles case-insensitively and takes % and _ literally', async () => {
    const author = await buildUser(t.app);
    await buildBlog(t.app, author, { title: 'Baking Sourdough' });
    await buildBlog(t.app, author, { title: 'sourdough starter notes' });
    await buildBlog(t.app, author, { title: '100% rye' });
    await buildBlog(t.app, author, { title: 'snake_case names' });
    await buildBlog(t.app, author, { title: 'Something else' });

    expect((await titles(author, { query: 'SOURDOUGH' })).sort()).toEqual([
      'Baking Sourdough',
      'sourdough starter notes',
    ]);
    expect(await count(author, { query: ' sourdough ' })).toBe(2);
    expect(await titles(author, { query: '%' })).toEqual(['100% rye']);
    expect(await titles(author, { query: '_' })).toEqual(['snake_case names']);
    expect(await count(author, { query: 'nothing like this' })).toBe(0);
    expect(await titles(author, { query: 'sourdough', draft: true })).toEqual([]);
  });

  it('needs a session and valid input', async () => {
    expect((await post(t.app, '/api/blog/user-written-blogs', { page: 1 })).statusCode).toBe(401);
    expect((await post(t.app, '/api/blog/user-written-blogs-count', {})).statusCode).toBe(401);
    const user = await buildUser(t.app);
    const bad = await list(user, { page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/page/);
    expect(bad.json().code).toBe('validation_failed');
  });
});

describe('POST /api/blog/delete-blog', () => {
  it('removes the blog with its likes, comments, reads and notifications, and lowers the author’s counters', async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    const kept = await buildBlog(t.app, author, { title: 'Kept' });
    const doomed = await buildBlog(t.app, author, { title: 'Doomed' });
    await read(kept, reader);
    await read(doomed, reader);
    await read(doomed, await buildUser(t.app));
    expect(await counters(author)).toEqual({ posts: 2, reads: 3 });

    const id = await internalId(doomed);
    const [authorRow] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from users where username = ${author.username}`,
    );
    const [readerRow] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from users where username = ${reader.username}`,
    );
    await t.app.db.insert(likes).values({ userId: readerRow!.id, blogId: id });
    const [comment] = await t.app.db
      .insert(comments)
      .values({ blogId: id, blogAuthor: authorRow!.id, commentedBy: readerRow!.id, comment: 'Nice' })
      .returning();
    await t.app.db.insert(notifications).values([
      { type: 'like', blogId: id, notificationFor: authorRow!.id, userId: readerRow!.id },
      { type: 'comment', blogId: id, notificationFor: authorRow!.id, userId: readerRow!.id, commentId: comment!.id },
    ]);

    const res = await post(t.app, '/api/blog/delete-blog', { blog_id: doomed }, author.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'done' });

    const remaining = await queryRows<{ n: number }>(
      t.app.db,
      sql`select (select count(*) from blogs where id = ${id})
        + (select count(*) from likes where blog_id = ${id})
        + (select count(*) from comments where blog_id = ${id})
        + (select count(*) from blog_reads where blog_id = ${id})
        + (select count(*) from notifications where blog_id = ${id}) as n`,
    );
    expect(Number(remaining[0]!.n)).toBe(0);
    expect(await counters(author)).toEqual({ posts: 1, reads: 1 });
    expect((await read(doomed, reader)).statusCode).toBe(404);
    expect((await read(kept, reader)).statusCode).toBe(200);
  });

  it('does not count a deleted draft as a lost post', async () => {
    const author = await buildUser(t.app);
    await buildBlog(t.app, author);
    const draft = await buildBlog(t.app, author, { draft: true });
    expect((await post(t.app, '/api/blog/delete-blog', { blog_id: draft }, author.token)).statusCode).toBe(200);
    expect(await counters(author)).toEqual({ posts: 1, reads: 0 });
  });

  it('lets only the author delete (403), answers 404 for an unknown blog and 401 without a session', async () => {
    const author = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author);
    const forbidden = await post(t.app, '/api/blog/delete-blog', { blog_id: blogId }, stranger.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'You can only delete your own blogs', code: 'blog_delete_forbidden' });
    expect(await count(author, {})).toBe(1);

    const unknown = await post(t.app, '/api/blog/delete-blog', { blog_id: 'no-such-blog' }, author.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Blog not found', code: 'blog_not_found' });

    const anonymous = await post(t.app, '/api/blog/delete-blog', { blog_id: blogId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });
});

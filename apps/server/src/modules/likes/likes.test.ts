import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  // These tests like far faster than a person; the rate limit has its own test in hostile/sessions.test.ts.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  [author, reader] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
});
afterAll(() => t.close());

/** A new blog's blog_id and its `_id`, which the blog page has from get-blog and likes by. */
async function publishedBlog(user = author, overrides: Record<string, unknown> = {}) {
  const blogId = await buildBlog(t.app, user, overrides);
  const [row] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
  return { blogId, _id: row!.id };
}

const like = (user: TestUser, _id: string, isLikedByUser: boolean) =>
  post(t.app, '/api/blog/like-blog', { _id, isLikedByUser }, user.token);
const isLiked = async (user: TestUser, _id: string) =>
  (await post(t.app, '/api/user/isliked-by-user', { _id }, user.token)).json().result;

/** The rows and the counter, which must always agree. */
async function likeState(_id: string) {
  const [row] = await queryRows<{ rows: number; counter: number }>(
    t.app.db,
    sql`select (select count(*) from likes where blog_id = ${_id})::int as rows, total_likes as counter from blogs where id = ${_id}`,
  );
  return { rows: Number(row!.rows), counter: Number(row!.counter) };
}

const likeNotifications = (_id: string) =>
  t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.blogId, _id), eq(notifications.type, 'like')));

describe('like-blog and isliked-by-user', () => {
  it('likes, repeats harmlessly, unlikes, and tells the author', async () => {
    const { _id, blogId } = await publishedBlog();
    expect(await isLiked(reader, _id)).toBe(false);

    const liked = await like(reader, _id, false);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ liked_by_user: true, total_likes: 1 });
    expect(await isLiked(reader, _id)).toBe(true);
    expect(await isLiked(author, _id)).toBe(false);
    const [notification] = await likeNotifications(_id);
    expect(notification).toMatchObject({ type: 'like', seen: false });

    // The same request again (a double click, a retry) changes nothing.
    expect((await like(reader, _id, false)).json()).toEqual({ liked_by_user: true, total_likes: 1 });
    expect(await likeNotifications(_id)).toHaveLength(1);

    expect((await like(reader, _id, true)).json()).toEqual({ liked_by_user: false, total_likes: 0 });
    expect((await like(reader, _id, true)).json()).toEqual({ liked_by_user: false, total_likes: 0 });
    expect(await isLiked(reader, _id)).toBe(false);
    expect(await likeNotifications(_id)).toHaveLength(0);
    expect(await likeState(_id)).toEqual({ rows: 0, counter: 0 });

    // The count shows on the blog page.
    await like(reader, _id, false);
    const page = await post(t.app, '/api/blog/get-blog', { blog_id: blogId });
    expect(page.json().blog.activity.total_likes).toBe(1);
  });

  it('counts an author liking their own blog but does not notify them', async () => {
    const { _id } = await publishedBlog();
    expect((await like(author, _id, false)).json()).toEqual({ liked_by_user: true, total_likes: 1 });
    expect(await likeNotifications(_id)).toHaveLength(0);
  });

  it('leaves exactly one like when 20 identical requests arrive at once, and none after 20 unlikes', async () => {
    const { _id } = await publishedBlog();
    const likes = await Promise.all(Array.from({ length: 20 }, () => like(reader, _id, false)));
    for (const res of likes) expect(res.statusCode).toBe(200);
    expect(await likeState(_id)).toEqual({ rows: 1, counter: 1 });
    expect(await likeNotifications(_id)).toHaveLength(1);
    expect(likes.map((res) => res.json())).toContainEqual({ liked_by_user: true, total_likes: 1 });

    await Promise.all(Array.from({ length: 20 }, () => like(reader, _id, true)));
    expect(await likeState(_id)).toEqual({ rows: 0, counter: 0 });
    expect(await likeNotifications(_id)).toHaveLength(0);
  });

  it('keeps the counter equal to the likes when many readers like and unlike at once', async () => {
    const { _id } = await publishedBlog();
    const readers = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.app)));
    await Promise.all(
      readers.flatMap((r) => [like(r, _id, false), like(r, _id, false), like(r, _id, true), like(r, _id, false)]),
    );
    const state = await likeState(_id);
    expect(state.rows).toBe(state.counter);
    await Promise.all(readers.map((r) => like(r, _id, false)));
    expect(await likeState(_id)).toEqual({ rows: 6, counter: 6 });
  });

  it('needs a login, with the message of docs/product/rules.md', async () => {
    const { _id } = await publishedBlog();
    const res = await post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.loginToLike, code: 'like_unauthorized' });
    const revoked = await post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false }, 'not-a-live-token');
    expect(revoked.statusCode).toBe(401);
    expect((await post(t.app, '/api/user/isliked-by-user', { _id })).statusCode).toBe(401);
    expect(await likeState(_id)).toEqual({ rows: 0, counter: 0 });
  });

  it('answers 404 for ids that are not published blogs and 400 for a malformed body, never 500', async () => {
    const { _id: draft } = await publishedBlog(author, { draft: true });
    for (const _id of [
      draft,
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "'; drop table likes; --",
      '',
      'x'.repeat(50_000),
    ]) {
      const res = await like(reader, _id, false);
      expect(res.statusCode, _id).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found', code: 'blog_not_found' });
      expect((await post(t.app, '/api/user/isliked-by-user', { _id }, reader.token)).statusCode).toBe(404);
    }
    expect(await likeState(draft)).toEqual({ rows: 0, counter: 0 });
    for (const body of [{}, { _id: 5, isLikedByUser: false }, { _id: draft, isLikedByUser: 'no' }]) {
      expect((await post(t.app, '/api/blog/like-blog', body, reader.token)).statusCode).toBe(400);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorStatsResponse } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, subscribers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
/** The UTC day `days` from today, and noon on it (safe from midnight whatever the time of the run). */
const dayAt = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const noonOf = (days: number) => `${dayAt(days)}T12:00:00Z`;

const stats = (user: TestUser, body: object) => post(t.app, '/api/dashboard/stats', body, user.token);
async function statsOf(user: TestUser, body: object): Promise<AuthorStatsResponse> {
  const res = await stats(user, body);
  expect(res.statusCode).toBe(200);
  return res.json();
}
const totals = (answer: AuthorStatsResponse) => ({
  reads: answer.reads.total,
  likes: answer.likes.total,
  comments: answer.comments.total,
  followers: answer.followers.total,
  subscribers: answer.subscribers.total,
});

async function internalId(blogId: string) {
  const [row] = await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId));
  return row!.id;
}
const read = (blogId: string, { user, ip, referrer }: { user?: TestUser; ip?: string; referrer?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blog/read',
    payload: { blog_id: blogId, referrer },
    headers: user ? bearer(user.token) : {},
    remoteAddress: ip ?? '203.0.113.1',
  });
async function like(blogId: string, user: TestUser) {
  expect(
    (await post(t.app, '/api/blog/like-blog', { _id: await internalId(blogId), isLikedByUser: false }, user.token))
      .statusCode,
  ).toBe(200);
}
async function comment(blogId: string, user: TestUser) {
  const res = await post(
    t.app,
    '/api/comment/add-comment',
    { _id: await internalId(blogId), comment: 'Lovely walk' },
    user.token,
  );
  expect(res.statusCode).toBe(200);
}
async function follow(author: TestUser, user: TestUser) {
  expect(
    (await post(t.app, '/api/user/follow', { username: author.username, isFollowing: false }, user.token)).statusCode,
  ).toBe(200);
}
async function subscribe(author: TestUser, user: TestUser) {
  expect((await post(t.app, '/api/user/subscribe', { username: author.username }, user.token)).statusCode).toBe(200);
}
const authorId = async (user: TestUser) =>
  (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, user.username)))[0]!.id;

/**
 * An author with two published blogs and a draft, and another author beside them, each with
 * readers, likes, comments, followers and subscribers, all of today.
 */
async function world() {
  const [author, other, first, second] = [
    await buildUser(t.app),
    await buildUser(t.app),
    await buildUser(t.app),
    await buildUser(t.app),
  ];
  const walk = await buildBlog(t.app, author, { title: 'A walk' });
  const swim = await buildBlog(t.app, author, { title: 'A swim' });
  const draft = await buildBlog(t.app, author, { title: 'Not yet', draft: true });
  const theirs = await buildBlog(t.app, other, { title: 'Someone else’s' });

  await read(walk, { ip: '198.51.100.1', referrer: 'https://www.google.com/' });
  await read(walk, { user: first, referrer: 'https://news.ycombinator.com/item?id=7' });
  await read(walk, { user: author });
  await read(swim, { ip: '198.51.100.1', referrer: 'https://news.ycombinator.com/' });
  await read(swim, { ip: '198.51.100.2' });
  await read(theirs, { ip: '198.51.100.1', referrer: 'https://lobste.rs/' });
  await t.app.readCounts.flush();

  await like(walk, first);
  await like(walk, second);
  await like(swim, first);
  await like(theirs, first);
  await comment(walk, first);
  await comment(walk, author);
  await comment(theirs, first);
  await follow(author, first);
  await follow(author, second);
  await follow(other, first);
  await subscribe(author, first);
  await subscribe(other, second);
  // A visitor who never opened the mailed link is no subscriber.
  await t.app.db
    .insert(subscribers)
    .values({ authorId: await authorId(author), email: `pending.${Date.now()}@example.com` });
  return { author, other, first, second, walk, swim, draft, theirs };
}

describe('POST /api/dashboard/stats: an author’s own numbers', () => {
  it('answers a day each over the last 7, 30 or 90 days, today last, for all the author’s blogs or one', async () => {
    const { author, walk, swim, draft } = await world();
    for (const [period, days] of [
      ['7d', 7],
      ['30d', 30],
      ['90d', 90],
    ] as const) {
      const answer = await statsOf(author, { period });
      expect(answer.from).toBe(dayAt(1 - days));
      expect(answer.bucket).toBe('day');
      for (const series of [answer.reads, answer.likes, answer.comments, answer.followers, answer.subscribers])
        expect(series.values).toHaveLength(days);
      expect(answer.reads.values.at(-1)).toBe(4);
      expect(totals(answer)).toEqual({ reads: 4, likes: 3, comments: 2, followers: 2, subscribers: 1 });
      expect(answer.referrers).toEqual([
        { source: 'news.ycombinator.com', reads: 2 },
        { source: 'direct', reads: 1 },
        { source: 'search', reads: 1 },
      ]);
    }
    // The default period is 30 days.
    expect((await statsOf(author, {})).from).toBe(dayAt(-29));

    // One blog: its reads, likes and comments; followers and subscribers are the author's, whichever blog.
    const one = await statsOf(author, { period: '7d', blog_id: walk });
    expect(totals(one)).toEqual({ reads: 2, likes: 2, comments: 2, followers: 2, subscribers: 1 });
    expect(one.referrers).toEqual([
      { source: 'news.ycombinator.com', reads: 1 },
      { source: 'search', reads: 1 },
    ]);
    expect(totals(await statsOf(author, { period: '7d', blog_id: swim }))).toMatchObject({
      reads: 2,
      likes: 1,
      comments: 0,
    });
    expect(totals(await statsOf(author, { period: '7d', blog_id: draft }))).toMatchObject({
      reads: 0,
      likes: 0,
      comments: 0,
    });
  });

  it('counts each thing on its UTC day, and a period leaves out what came before it', async () => {
    const { author, second, walk, swim } = await world();
    const [walkId, swimId] = [await internalId(walk), await internalId(swim)];
    // Move rows back in time as if they had come then: a like 20 days ago, a follow 40, a day of reads 10.
    await t.app.db.execute(sql`update likes set created_at = ${noonOf(-20)}::timestamptz
      where blog_id = ${swimId}`);
    await t.app.db.execute(sql`update follows set created_at = ${noonOf(-40)}::timestamptz
      where author_id = ${await authorId(author)} and follower_id = ${await authorId(second)}`);
    await t.app.db.execute(sql`update blog_daily_reads set day = ${dayAt(-10)}::date where blog_id = ${swimId}`);
    await t.app.db.execute(sql`update blog_referrers set day = ${dayAt(-10)}::date where blog_id = ${swimId}`);
    await t.app.db.execute(sql`update comments set created_at = ${noonOf(-1)}::timestamptz where blog_id = ${walkId}`);

    const week = await statsOf(author, { period: '7d' });
    expect(totals(week)).toEqual({ reads: 2, likes: 2, comments: 2, followers: 1, subscribers: 1 });
    expect(week.comments.values).toEqual([0, 0, 0, 0, 0, 2, 0]);
    expect(week.referrers).toEqual([
      { source: 'news.ycombinator.com', reads: 1 },
      { source: 'search', reads: 1 },
    ]);
    const month = await statsOf(author, { period: '30d' });
    expect(totals(month)).toEqual({ reads: 4, likes: 3, comments: 2, followers: 1, subscribers: 1 });
    expect(month.reads.values[29 - 10]).toBe(2);
    expect(month.likes.values[29 - 20]).toBe(1);
    expect(totals(await statsOf(author, { period: '90d' }))).toMatchObject({ followers: 2 });

    // All time starts at the first blog's day, or earlier where something was counted before it (the follow).
    const all = await statsOf(author, { period: 'all' });
    expect([all.from, all.bucket, all.followers.values.length]).toEqual([dayAt(-40), 'day', 41]);
    expect(all.followers.values[0]).toBe(1);
  });

  it('charts all time a month each beyond 90 days, with totals that are the blogs’ and the profile’s counters', async () => {
    const { author, walk, swim } = await world();
    const walkId = await internalId(walk);
    // The first blog was published 200 days ago, and liked then.
    await t.app.db.execute(sql`update blogs set published_at = ${noonOf(-200)}::timestamptz where id = ${walkId}`);
    await t.app.db.execute(sql`update likes set created_at = ${noonOf(-200)}::timestamptz
      where blog_id = ${walkId} and user_id = (select user_id from likes where blog_id = ${walkId} limit 1)`);

    const all = await statsOf(author, { period: 'all' });
    const first = dayAt(-200);
    expect(all.from).toBe(`${first.slice(0, 7)}-01`);
    expect(all.bucket).toBe('month');
    const today = dayAt(0);
    const months =
      (Number(today.slice(0, 4)) - Number(first.slice(0, 4))) * 12 +
      Number(today.slice(5, 7)) -
      Number(first.slice(5, 7)) +
      1;
    expect(all.likes.values).toHaveLength(months);
    expect(all.likes.values[0]).toBe(1);
    expect(all.likes.values.at(-1)).toBe(2);

    const [counters] = await queryRows<{ total_reads: number; total_followers: number }>(
      t.app.db,
      sql`select total_reads, total_followers from users where id = ${await authorId(author)}`,
    );
    const [likes, comments] = [
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select coalesce(sum(total_likes), 0)::int as n from blogs where author_id = ${await authorId(author)}`,
      ),
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select coalesce(sum(total_comments), 0)::int as n from blogs where author_id = ${await authorId(author)}`,
      ),
    ];
    const { subscribers: subscriberCount } = (await post(t.app, '/api/user/subscriber-count', {}, author.token)).json();
    expect(totals(all)).toEqual({
      reads: Number(counters!.total_reads),
      likes: Number(likes[0]!.n),
      comments: Number(comments[0]!.n),
      followers: Number(counters!.total_followers),
      subscribers: subscriberCount,
    });
    for (const blogId of [walk, swim]) {
      const [blog] = await t.app.db.select().from(blogs).where(eq(blogs.blogId, blogId));
      const one = await statsOf(author, { period: 'all', blog_id: blogId });
      expect([one.reads.total, one.likes.total, one.comments.total]).toEqual([
        blog!.totalReads,
        blog!.totalLikes,
        blog!.totalComments,
      ]);
    }
  });

  it('never shows another author’s numbers: their blog_id is 404 as one that does not exist', async () => {
    const { author, other, theirs } = await world();
    for (const blog_id of [theirs, 'no-such-blog-42']) {
      const res = await stats(author, { period: '7d', blog_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'blog_not_found' });
    }
    // The other author sees theirs alone.
    expect(totals(await statsOf(other, { period: '7d' }))).toEqual({
      reads: 1,
      likes: 1,
      comments: 1,
      followers: 1,
      subscribers: 1,
    });
    expect((await statsOf(other, { period: '7d' })).referrers).toEqual([{ source: 'lobste.rs', reads: 1 }]);
    // A member who wrote nothing has zeros, all time from the day they joined.
    const newcomer = await buildUser(t.app);
    const all = await statsOf(newcomer, { period: 'all' });
    expect([all.from, all.bucket, all.reads.values, all.referrers]).toEqual([dayAt(0), 'day', [0], []]);
  });

  it('refuses a visitor (401) and a body out of its shape (400)', async () => {
    const { author } = await world();
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/dashboard/stats', payload: { period: '7d' } });
    expect(anonymous.statusCode).toBe(401);
    for (const body of [{ period: '1y' }, { period: '7d', blog_id: 7 }])
      expect((await stats(author, body)).statusCode).toBe(400);
  });
});

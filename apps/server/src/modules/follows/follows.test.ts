import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  FollowMessages,
  Limits,
  type BlogCard,
  type Notification,
  type UserProfile,
} from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';

let t: TestApp;
/** How far the app's clock runs ahead of the real one: moved on by the test that lets a schedule come due. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
beforeAll(async () => {
  // These tests follow far faster than a person; the limit itself is the rate-limits plugin's, tested there.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' }, undefined, now);
});
afterAll(() => t.close());

const follow = (user: TestUser, username: string, isFollowing: boolean) =>
  post(t.app, '/api/user/follow', { username, isFollowing }, user.token);
const isFollowing = async (user: TestUser, username: string) =>
  (await post(t.app, '/api/user/is-following', { username }, user.token)).json().result;
const counts = async (user: TestUser) => {
  // Counts reach anonymous readers within their lag: sent now.
  await t.app.readCache.flushCounts();
  const { total_followers, total_following } = (
    await post(t.app, '/api/user/get-profile', { username: user.username })
  ).json<UserProfile>().account_info;
  return { total_followers, total_following };
};

describe('follow and is-following', () => {
  it('follows, repeats harmlessly, unfollows; both profiles count it', async () => {
    const [author, reader] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    expect(await isFollowing(reader, author.username)).toBe(false);

    const followed = await follow(reader, author.username, false);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ following: true, total_followers: 1 });
    expect(await isFollowing(reader, author.username)).toBe(true);
    // Usernames are found whatever their case, as get-profile finds them.
    expect(await isFollowing(reader, author.username.toUpperCase())).toBe(true);
    expect(await isFollowing(author, reader.username)).toBe(false);
    expect(await counts(author)).toEqual({ total_followers: 1, total_following: 0 });
    expect(await counts(reader)).toEqual({ total_followers: 0, total_following: 1 });

    // The same request again (a double click, a retry) changes nothing.
    expect((await follow(reader, author.username, false)).json()).toEqual({ following: true, total_followers: 1 });
    expect(await counts(reader)).toEqual({ total_followers: 0, total_following: 1 });

    expect((await follow(reader, author.username, true)).json()).toEqual({ following: false, total_followers: 0 });
    expect((await follow(reader, author.username, true)).json()).toEqual({ following: false, total_followers: 0 });
    expect(await isFollowing(reader, author.username)).toBe(false);
    expect(await counts(author)).toEqual({ total_followers: 0, total_following: 0 });
    expect(await counts(reader)).toEqual({ total_followers: 0, total_following: 0 });
  });

  it('refuses following yourself, and users who do not exist', async () => {
    const reader = await buildUser(t.app);
    const self = await follow(reader, reader.username, false);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: ErrorMessages.self_follow, code: 'self_follow' });
    expect((await post(t.app, '/api/user/is-following', { username: reader.username }, reader.token)).statusCode).toBe(
      400,
    );
    for (const username of ['nobody-here', '', '   ', "'; drop table follows; --"]) {
      const res = await follow(reader, username, false);
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toEqual({ error: ErrorMessages.user_not_found, code: 'user_not_found' });
      expect((await post(t.app, '/api/user/is-following', { username }, reader.token)).statusCode).toBe(404);
    }
    for (const body of [{}, { username: 5, isFollowing: false }, { username: reader.username, isFollowing: 'no' }]) {
      expect((await post(t.app, '/api/user/follow', body, reader.token)).statusCode).toBe(400);
    }
    expect(await counts(reader)).toEqual({ total_followers: 0, total_following: 0 });
  });

  it('needs a login: a visitor is told to log in, as for a like', async () => {
    const author = await buildUser(t.app);
    const res = await post(t.app, '/api/user/follow', { username: author.username, isFollowing: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: FollowMessages.loginToFollow, code: 'follow_unauthorized' });
    const check = await post(t.app, '/api/user/is-following', { username: author.username });
    expect(check.statusCode).toBe(401);
    expect(check.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
    expect(await counts(author)).toEqual({ total_followers: 0, total_following: 0 });
  });

  it('keeps every counter equal to the rows when many follows and unfollows arrive at once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(t.app)));
    const [a, b] = users as [TestUser, TestUser];
    // Everyone at a and b: the same request repeated, contradicting ones, and a and b following each other both ways at once.
    const answers = await Promise.all(
      users.flatMap((user) =>
        [a, b]
          .filter((author) => author !== user)
          .flatMap((author) => [
            follow(user, author.username, false),
            follow(user, author.username, false),
            follow(user, author.username, true),
            follow(user, author.username, false),
          ]),
      ),
    );
    // None failed: not even a and b following each other both ways at once deadlocks.
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(await counterMismatches(t.app.db)).toEqual([]);
    // Settled: everyone follows a and b.
    await Promise.all(
      users.flatMap((user) =>
        [a, b].filter((author) => author !== user).map((author) => follow(user, author.username, false)),
      ),
    );
    expect(await counts(a)).toEqual({ total_followers: 5, total_following: 1 });
    expect(await counts(b)).toEqual({ total_followers: 5, total_following: 1 });

    await Promise.all(
      users.flatMap((user) =>
        [a, b]
          .filter((author) => author !== user)
          .flatMap((author) => [follow(user, author.username, true), follow(user, author.username, true)]),
      ),
    );
    expect(await counterMismatches(t.app.db)).toEqual([]);
    expect(await counts(a)).toEqual({ total_followers: 0, total_following: 0 });
  });
});

const titles = (blogs: BlogCard[]) => blogs.map((blog) => blog.title);
async function followingPage(user: TestUser, page = 1) {
  const res = await post(t.app, '/api/blog/following-blogs', { page }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return titles(res.json<{ blogs: BlogCard[] }>().blogs);
}
const followingCount = async (user: TestUser) =>
  (await post(t.app, '/api/blog/all-following-blogs-count', {}, user.token)).json().totalDocs;

describe('following-blogs and all-following-blogs-count', () => {
  it('pages the newest published blogs of the authors followed, as latest-blogs pages, drafts and scheduled blogs left out', async () => {
    const [reader, followed, other, stranger] = await Promise.all([
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
    ]);
    expect(await followingPage(reader)).toEqual([]);
    expect(await followingCount(reader)).toBe(0);

    for (let i = 1; i <= Limits.pageSize + 1; i++) await buildBlog(t.app, followed, { title: `Followed ${i}` });
    await buildBlog(t.app, other, { title: 'Other one' });
    await buildBlog(t.app, stranger, { title: 'Not followed' });
    await buildBlog(t.app, followed, { title: 'Draft', draft: true });
    await buildBlog(t.app, followed, {
      title: 'Scheduled',
      publishAt: new Date(now().getTime() + 3_600_000).toISOString(),
    });
    await follow(reader, followed.username, false);
    await follow(reader, other.username, false);

    const expected = [
      'Other one',
      ...Array.from({ length: Limits.pageSize + 1 }, (_, i) => `Followed ${Limits.pageSize + 1 - i}`),
    ];
    expect(await followingPage(reader, 1)).toEqual(expected.slice(0, Limits.pageSize));
    expect(await followingPage(reader, 2)).toEqual(expected.slice(Limits.pageSize));
    expect(await followingPage(reader, 3)).toEqual([]);
    expect(await followingCount(reader)).toBe(expected.length);
    // Someone else's tab is their own.
    expect(await followingPage(stranger)).toEqual([]);

    await follow(reader, other.username, true);
    expect(await followingCount(reader)).toBe(Limits.pageSize + 1);
    expect(await followingPage(reader)).not.toContain('Other one');
  });

  it('is for a signed-in reader only', async () => {
    for (const url of ['/api/blog/following-blogs', '/api/blog/all-following-blogs-count']) {
      const res = await post(t.app, url, { page: 1 });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
    }
  });
});

const newBlogNotifications = async (user: TestUser) => {
  const res = await post(t.app, '/notifications', { page: 1, filter: 'new_blog', deletedDocCount: 0 }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: Notification[] }>().notifications;
};
const newBlogCount = async (user: TestUser) =>
  (await post(t.app, '/api/notification/all-notifications-count', { filter: 'new_blog' }, user.token)).json().totalDocs;
const hasNew = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notification/new-notification', headers: bearer(user.token) })).json()
    .new_notification_available;
const save = async (user: TestUser, overrides: Record<string, unknown>) => {
  const res = await post(t.app, '/api/blog/create-blog', publishableBlog(overrides), user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
};

describe('new_blog notifications', () => {
  it('tell each follower once, when a blog is first published, whichever way it is', async () => {
    const [author, follower, other] = await Promise.all([
      buildUser(t.app, { fullname: 'Nora Novelist' }),
      buildUser(t.app),
      buildUser(t.app),
    ]);
    await follow(follower, author.username, false);
    await follow(other, author.username, false);
    await follow(other, author.username, true);

    const blogId = await save(author, { title: 'First light' });
    const [notification] = await newBlogNotifications(follower);
    expect(notification).toMatchObject({
      type: 'new_blog',
      seen: false,
      user: { personal_info: { fullname: 'Nora Novelist', username: author.username } },
      blog: { blog_id: blogId, title: 'First light', author: { personal_info: { username: author.username } } },
      comment: null,
    });
    // Nobody else: not an unfollowed reader, not the author.
    expect(await newBlogCount(other)).toBe(0);
    expect(await newBlogCount(author)).toBe(0);
    expect(await hasNew(other)).toBe(false);

    // An edit, or going back to draft and out again, is not a new blog.
    await save(author, { id: blogId, title: 'First light, edited' });
    await save(author, { id: blogId, title: 'First light, edited', draft: true });
    await save(author, { id: blogId, title: 'First light, edited' });
    expect(await newBlogCount(follower)).toBe(1);

    // A draft tells nobody until it is published: by a save, or by publish-now.
    const draftId = await save(author, { title: 'Slow draft', draft: true });
    expect(await newBlogCount(follower)).toBe(1);
    await save(author, { id: draftId, title: 'Slow draft' });
    const nowDraftId = await save(author, { title: 'Quick draft', draft: true });
    expect((await post(t.app, '/api/blog/publish-now', { blog_id: nowDraftId }, author.token)).statusCode).toBe(200);
    expect(await hasNew(follower)).toBe(true);
    expect((await newBlogNotifications(follower)).map((n) => n.blog.title)).toEqual([
      'Quick draft',
      'Slow draft',
      'First light, edited',
    ]);
    expect(await hasNew(follower)).toBe(false);
  });

  it('tells followers when a scheduled blog comes due, not when it is scheduled', async () => {
    const [author, follower] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    await follow(follower, author.username, false);
    await save(author, { title: 'Due later', publishAt: new Date(now().getTime() + 60_000).toISOString() });
    expect(await newBlogCount(follower)).toBe(0);
    expect(await followingPage(follower)).toEqual([]);
    ahead += 120_000;
    await t.app.scheduledPublishing.run();
    expect(await newBlogCount(follower)).toBe(1);
    expect(await followingPage(follower)).toEqual(['Due later']);
  });

  it('reaches every one of thousands of followers', async () => {
    const author = await buildUser(t.app);
    const [authorRow] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from users where username = ${author.username}`,
    );
    // 2 000 followers, made directly (counters included): what matters is the publish, not how they came to follow.
    await t.app.db.execute(sql`with made as (
        insert into users (username, fullname, email, profile_img, total_following)
        select 'crowd_' || ${author.username} || '_' || n, 'Crowd', 'crowd' || n || '.' || ${author.username} || '@example.com', '', 1 from generate_series(1, 2000) n
        returning id)
      insert into follows (follower_id, author_id) select id, ${authorRow!.id} from made`);
    await t.app.db.execute(sql`update users set total_followers = 2000 where id = ${authorRow!.id}`);
    await buildBlog(t.app, author, { title: 'For the crowd' });
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from notifications n join blogs b on b.id = n.blog_id where b.title = 'For the crowd' and n.type = 'new_blog'`,
    );
    expect(Number(row!.n)).toBe(2000);
  });
});

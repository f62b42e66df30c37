import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  Limits,
  type Blog,
  type BlockedUser,
  type Comment,
  type FixedErrorCode,
  type Notification,
  type UserProfile,
} from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, commentCounts, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';

let t: TestApp;
beforeAll(async () => {
  // These tests block and follow far faster than a person; the limits themselves are the rate-limits plugin's.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
});
afterAll(() => t.close());

const block = (user: TestUser, username: string, blocking = true) =>
  post(t.app, '/api/user/block', { username, block: blocking }, user.token);
const blockOk = async (user: TestUser, other: TestUser, blocking = true) => {
  const res = await block(user, other.username, blocking);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ blocked: blocking });
};
const isBlocked = async (user: TestUser, username: string) => {
  const res = await post(t.app, '/api/user/is-blocked', { username }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ blocked: boolean }>().blocked;
};
/** A page of the members `user` blocked, and the count of them all. */
const blockedUsers = async (user: TestUser, page = 1, deletedDocCount = 0) => {
  const list = await post(t.app, '/api/user/blocked-users', { page, deletedDocCount }, user.token);
  const count = await post(t.app, '/api/user/blocked-users-count', {}, user.token);
  expect([list.statusCode, count.statusCode], list.body).toEqual([200, 200]);
  return {
    users: list.json<{ users: BlockedUser[] }>().users,
    totalDocs: count.json<{ totalDocs: number }>().totalDocs,
  };
};
const refusedWith = (res: { statusCode: number; json: () => unknown }, status: number, code: FixedErrorCode) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ error: ErrorMessages[code], code });
};

async function newBlog(author: TestUser): Promise<Blog> {
  return fetchBlog(t.app, await buildBlog(t.app, author), author);
}
const topLevel = async (blog: Blog, viewer?: TestUser) => {
  const res = await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id }, viewer?.token);
  expect(res.statusCode).toBe(200);
  return res.json<Comment[]>();
};
const replies = async (comment: Comment, viewer?: TestUser) => {
  const res = await post(t.app, '/api/comment/get-replies', { _id: comment._id }, viewer?.token);
  expect(res.statusCode).toBe(200);
  return res.json<{ replies: Comment[] }>().replies;
};
const texts = (comments: Comment[]) => comments.map((c) => c.comment);
const comment = (user: TestUser, blog: Blog, text: string, replyingTo?: Comment) =>
  post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: text, replying_to: replyingTo?._id }, user.token);

const follow = (user: TestUser, username: string, isFollowing = false) =>
  post(t.app, '/api/user/follow', { username, isFollowing }, user.token);
const isFollowing = async (user: TestUser, other: TestUser) =>
  (await post(t.app, '/api/user/is-following', { username: other.username }, user.token)).json<{ result: boolean }>()
    .result;
const followCounts = async (user: TestUser) => {
  const { total_followers, total_following } = (
    await post(t.app, '/api/user/get-profile', { username: user.username })
  ).json<UserProfile>().account_info;
  return { total_followers, total_following };
};

const notifications = async (user: TestUser) => {
  const res = await post(t.app, '/notifications', { page: 1, filter: 'all', deletedDocCount: 0 }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: Notification[] }>().notifications;
};
const notificationCount = async (user: TestUser) =>
  (await post(t.app, '/api/notification/all-notifications-count', { filter: 'all' }, user.token)).json<{
    totalDocs: number;
  }>().totalDocs;
const hasNew = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notification/new-notification', headers: bearer(user.token) })).json<{
    new_notification_available: boolean;
  }>().new_notification_available;
const like = (user: TestUser, blog: Blog, isLikedByUser = false) =>
  post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser }, user.token);

describe('block, is-blocked and blocked-users', () => {
  it('blocks and unblocks, repeats harmlessly, and tells only the blocker', async () => {
    const [ann, bob] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    expect(await isBlocked(ann, bob.username)).toBe(false);
    await blockOk(ann, bob);
    // The same request again (a double click, a retry) changes nothing.
    await blockOk(ann, bob);
    expect(await isBlocked(ann, bob.username)).toBe(true);
    // Usernames are found whatever their case, as get-profile finds them.
    expect(await isBlocked(ann, bob.username.toUpperCase())).toBe(true);
    // The blocked member is not told: not by is-blocked, nor by their lists, nor by a notification.
    expect(await isBlocked(bob, ann.username)).toBe(false);
    expect(await blockedUsers(bob)).toEqual({ users: [], totalDocs: 0 });
    expect(await notificationCount(bob)).toBe(0);
    expect(await hasNew(bob)).toBe(false);

    await blockOk(ann, bob, false);
    await blockOk(ann, bob, false);
    expect(await isBlocked(ann, bob.username)).toBe(false);
    expect(await blockedUsers(ann)).toEqual({ users: [], totalDocs: 0 });
  });

  it('refuses blocking yourself and members who do not exist; a visitor is told to sign in', async () => {
    const ann = await buildUser(t.app);
    refusedWith(await block(ann, ann.username), 400, 'self_block');
    refusedWith(await block(ann, ann.username.toUpperCase(), false), 400, 'self_block');
    refusedWith(await post(t.app, '/api/user/is-blocked', { username: ann.username }, ann.token), 400, 'self_block');
    for (const username of ['nobody-here', '', '   ', "'; drop table member_blocks; --"]) {
      refusedWith(await block(ann, username), 404, 'user_not_found');
      refusedWith(await post(t.app, '/api/user/is-blocked', { username }, ann.token), 404, 'user_not_found');
    }
    for (const body of [{}, { username: 5, block: true }, { username: 'x', block: 'yes' }])
      expect((await post(t.app, '/api/user/block', body, ann.token)).statusCode).toBe(400);
    refusedWith(await post(t.app, '/api/user/block', { username: ann.username, block: true }), 401, 'unauthorized');
    expect(await blockedUsers(ann)).toEqual({ users: [], totalDocs: 0 });
  });

  it('is open to a silenced member: a block shields them and puts nothing before anyone', async () => {
    const [ann, bob] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    await t.app.db.execute(sql`update users set standing = 'silenced' where username = ${ann.username}`);
    // Silenced indeed: a follow, which puts something before others, is refused.
    refusedWith(await follow(ann, bob.username), 403, 'account_silenced');
    await blockOk(ann, bob);
    expect((await blockedUsers(ann)).totalDocs).toBe(1);
    await blockOk(ann, bob, false);
  });

  it('lists whom the caller blocked, newest first, a page at a time, and no one else’s', async () => {
    const ann = await buildUser(t.app);
    const others: TestUser[] = [];
    for (let i = 0; i < Limits.pageSize + 2; i++) {
      const other = await buildUser(t.app, { fullname: `Blocked Number ${i}` });
      others.push(other);
      await blockOk(ann, other);
    }
    const newestFirst = others.toReversed().map((u) => ({
      username: u.username,
      fullname: u.fullname,
      profile_img: u.session.profile_img,
    }));
    expect(await blockedUsers(ann, 1)).toEqual({ users: newestFirst.slice(0, Limits.pageSize), totalDocs: 12 });
    expect(await blockedUsers(ann, 2)).toEqual({ users: newestFirst.slice(Limits.pageSize), totalDocs: 12 });
    // One unblocked from page 1 since it loaded: page 2 starts one earlier, and skips nobody.
    await blockOk(ann, others.at(-1)!, false);
    expect((await blockedUsers(ann, 2, 1)).users).toEqual(newestFirst.slice(Limits.pageSize));
    expect((await blockedUsers(ann, 1)).totalDocs).toBe(11);
    // Someone else's list is their own.
    expect(await blockedUsers(others[0]!)).toEqual({ users: [], totalDocs: 0 });
  });
});

describe('what a block hides from the blocker', () => {
  it("hides the blocked member's comments and replies from the blocker alone, counts unchanged, until unblocked", async () => {
    const [ann, bob, cat] = await Promise.all([
      buildUser(t.app, { fullname: 'Ann Author' }),
      buildUser(t.app, { fullname: 'Bob Blocked' }),
      buildUser(t.app, { fullname: 'Cat Commenter' }),
    ]);
    const blog = await newBlog(ann);
    const catsComment = await buildComment(t.app, cat, blog, { comment: 'Cat was here' });
    const bobsComment = await buildComment(t.app, bob, blog, { comment: 'Bob was here' });
    await buildComment(t.app, bob, blog, { comment: 'Bob answers Cat', replying_to: catsComment._id });
    await buildComment(t.app, ann, blog, { comment: 'Ann answers Cat', replying_to: catsComment._id });
    await buildComment(t.app, cat, blog, { comment: 'Cat answers Bob', replying_to: bobsComment._id });

    await blockOk(ann, bob);
    const seenByAnn = await topLevel(blog, ann);
    expect(texts(seenByAnn)).toEqual(['Cat was here']);
    // Cat's comment counts only the reply Ann may see, so "Show 1 reply" loads exactly that.
    expect(seenByAnn[0]!.children).toHaveLength(1);
    expect(texts(await replies(catsComment, ann))).toEqual(['Ann answers Cat']);
    // Everyone else sees the whole conversation.
    for (const viewer of [cat, bob, undefined]) {
      const seen = await topLevel(blog, viewer);
      expect(texts(seen)).toEqual(['Bob was here', 'Cat was here']);
      expect(seen[1]!.children).toHaveLength(2);
      expect(texts(await replies(catsComment, viewer))).toEqual(['Bob answers Cat', 'Ann answers Cat']);
    }
    // The blog's counts stay the real ones.
    expect((await fetchBlog(t.app, blog.blog_id, ann)).activity).toMatchObject({
      total_comments: 5,
      total_parent_comments: 2,
    });

    await blockOk(ann, bob, false);
    expect(texts(await topLevel(blog, ann))).toEqual(['Bob was here', 'Cat was here']);
    expect(texts(await replies(catsComment, ann))).toEqual(['Bob answers Cat', 'Ann answers Cat']);
  });

  it("hides the blocked member's past notifications from the blocker's list, count and bell, until unblocked", async () => {
    const [ann, bob] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    const blog = await newBlog(ann);
    expect((await like(bob, blog)).statusCode).toBe(200);
    await buildComment(t.app, bob, blog, { comment: 'Before the block' });
    expect(await notificationCount(ann)).toBe(2);

    await blockOk(ann, bob);
    expect(await notifications(ann)).toEqual([]);
    expect(await notificationCount(ann)).toBe(0);
    expect(await hasNew(ann)).toBe(false);

    await blockOk(ann, bob, false);
    expect((await notifications(ann)).map((n) => n.type)).toEqual(['comment', 'like']);
    expect(await notificationCount(ann)).toBe(2);
  });
});

describe('what a block refuses', () => {
  it('refuses the blocked member a comment on the blocker’s blogs and a reply to the blocker, and the blocker theirs', async () => {
    const [ann, bob, cat] = await Promise.all([buildUser(t.app), buildUser(t.app), buildUser(t.app)]);
    const annsBlog = await newBlog(ann);
    const bobsBlog = await newBlog(bob);
    const catsBlog = await newBlog(cat);
    const annOnCats = await buildComment(t.app, ann, catsBlog, { comment: 'Ann on Cat’s blog' });
    const bobOnCats = await buildComment(t.app, bob, catsBlog, { comment: 'Bob on Cat’s blog' });
    const catOnAnns = await buildComment(t.app, cat, annsBlog, { comment: 'Cat on Ann’s blog' });
    await blockOk(ann, bob);

    refusedWith(await comment(bob, annsBlog, 'Let me in'), 403, 'blocked_by_author');
    // A reply on Ann's blog is a comment on it, whoever it answers.
    refusedWith(await comment(bob, annsBlog, 'Let me in', catOnAnns), 403, 'blocked_by_author');
    refusedWith(await comment(bob, catsBlog, 'Hear me', annOnCats), 403, 'blocked_by_commenter');
    // The blocker is told whose block it is.
    refusedWith(await comment(ann, bobsBlog, 'Not to you'), 403, 'member_blocked');
    refusedWith(await comment(ann, catsBlog, 'Not to you', bobOnCats), 403, 'member_blocked');
    for (const blog of [annsBlog, bobsBlog, catsBlog]) {
      const { counters, rows } = await commentCounts(t.app, blog._id);
      expect(counters).toEqual(rows);
    }
    expect(texts(await topLevel(annsBlog))).toEqual(['Cat on Ann’s blog']);
    expect(await replies(catOnAnns)).toEqual([]);

    // Elsewhere they talk as before: Bob still answers Cat on Cat's blog.
    expect((await comment(bob, catsBlog, 'Still talking to Cat')).statusCode).toBe(200);
    await blockOk(ann, bob, false);
    expect((await comment(bob, annsBlog, 'Back again')).statusCode).toBe(200);
    expect((await comment(ann, bobsBlog, 'Welcome back')).statusCode).toBe(200);
  });

  it('ends both follows with exact counters, refuses following either way, and does not bring the follows back', async () => {
    const [ann, bob] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    expect((await follow(bob, ann.username)).statusCode).toBe(200);
    expect((await follow(ann, bob.username)).statusCode).toBe(200);
    expect(await followCounts(ann)).toEqual({ total_followers: 1, total_following: 1 });

    await blockOk(ann, bob);
    expect(await isFollowing(bob, ann)).toBe(false);
    expect(await isFollowing(ann, bob)).toBe(false);
    expect(await followCounts(ann)).toEqual({ total_followers: 0, total_following: 0 });
    expect(await followCounts(bob)).toEqual({ total_followers: 0, total_following: 0 });
    expect(await counterMismatches(t.app.db)).toEqual([]);

    refusedWith(await follow(bob, ann.username), 403, 'blocked_by_member');
    refusedWith(await follow(ann, bob.username), 403, 'member_blocked');
    // Stopping a follow is never refused (there is none to stop).
    expect((await follow(bob, ann.username, true)).json()).toEqual({ following: false, total_followers: 0 });

    await blockOk(ann, bob, false);
    expect(await isFollowing(bob, ann)).toBe(false);
    expect(await isFollowing(ann, bob)).toBe(false);
    expect((await follow(bob, ann.username)).json()).toEqual({ following: true, total_followers: 1 });
    expect(await counterMismatches(t.app.db)).toEqual([]);
  });

  it('leaves no follow behind when follows and a block arrive at once, and every counter equal to its rows', async () => {
    const [ann, bob] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    const answers = await Promise.all([
      follow(bob, ann.username),
      follow(ann, bob.username),
      follow(bob, ann.username),
      block(ann, bob.username),
      follow(bob, ann.username),
      follow(ann, bob.username),
    ]);
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200 && status !== 403)).toEqual([]);
    expect(await isFollowing(bob, ann)).toBe(false);
    expect(await isFollowing(ann, bob)).toBe(false);
    expect(await counterMismatches(t.app.db)).toEqual([]);
  });

  it('tells neither member of the other’s likes, comments or replies while the block lasts', async () => {
    const [ann, bob, cat] = await Promise.all([buildUser(t.app), buildUser(t.app), buildUser(t.app)]);
    const annsBlog = await newBlog(ann);
    const bobsBlog = await newBlog(bob);
    await blockOk(ann, bob);
    expect((await like(bob, annsBlog)).statusCode).toBe(200);
    expect((await like(ann, bobsBlog)).statusCode).toBe(200);
    expect(await notificationCount(ann)).toBe(0);
    expect(await notificationCount(bob)).toBe(0);
    expect(await hasNew(ann)).toBe(false);
    expect(await hasNew(bob)).toBe(false);
    // Others are told as ever.
    expect((await like(cat, annsBlog)).statusCode).toBe(200);
    expect((await notifications(ann)).map((n) => n.user.personal_info.username)).toEqual([cat.username]);

    // After the block, a like is a like again.
    await blockOk(ann, bob, false);
    expect((await like(bob, annsBlog, true)).statusCode).toBe(200);
    expect((await like(bob, annsBlog)).statusCode).toBe(200);
    expect((await notifications(ann)).map((n) => n.user.personal_info.username)).toEqual([bob.username, cat.username]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyNotification, Blog, Member } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fetchBlog } from '../../test/conversation.ts';
import { buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';

/** The app's clock, moved on by the scheduling test, never waited for. */
let now = new Date();
let t: TestApp;
let owner: TestUser;
let moderator: TestUser;
let follower: TestUser;

beforeAll(async () => {
  t = await buildTestApp({}, undefined, () => now);
  owner = await buildUser(t.app);
  moderator = await buildUser(t.app);
  follower = await buildUser(t.app);
  expect(
    (await post(t.app, '/api/admin/member/role', { username: moderator.username, role: 'moderator' }, owner.token))
      .statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

const settings = async (changes: object) =>
  expect((await post(t.app, '/api/admin/update-settings', changes, owner.token)).statusCode).toBe(200);
const publish = async (author: TestUser, overrides: object = {}) => {
  const res = await post(
    t.app,
    '/api/blog/create-blog',
    publishableBlog({ title: uniqueId(), ...overrides }),
    author.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; awaiting_review: boolean }>();
};
const decide = (blogId: string, approved: boolean, by = moderator, reason = '') =>
  post(t.app, `/api/admin/${approved ? 'approve' : 'reject'}-blog`, { blog_id: blogId, reason }, by.token);
const queue = async (by = moderator) =>
  (await post(t.app, '/api/admin/review-queue', { page: 1 }, by.token)).json<{ blogs: Blog[]; totalDocs: number }>();
const anonymousStatus = async (blogId: string) =>
  (await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).statusCode;
const latestIds = async () =>
  (await post(t.app, '/api/blog/latest-blogs', { page: 1 })).json<{ blogs: Blog[] }>().blogs.map((b) => b.blog_id);
const newBlogNotices = async () =>
  (await post(t.app, '/api/notification/all-notifications-count', { filter: 'new_blog' }, follower.token)).json<{
    totalDocs: number;
  }>().totalDocs;
const moderationNotices = async (user: TestUser) =>
  (await post(t.app, '/notifications', { page: 1 }, user.token))
    .json<{ notifications: AnyNotification[] }>()
    .notifications.filter((n) => n.type === 'moderation');
const trust = (username: string, to: string, by = moderator) =>
  post(t.app, '/api/admin/member/trust', { username, trust: to, reason: 'Known to us' }, by.token);
const member = async (username: string) =>
  (await post(t.app, '/api/admin/members', { page: 1, query: username }, moderator.token)).json<{
    members: Member[];
  }>().members[0]!;

/** A newcomer whom the follower follows, so that their published blogs are a new_blog notification. */
async function newcomer() {
  const user = await buildUser(t.app);
  await post(t.app, '/api/user/follow', { username: user.username, isFollowing: false }, follower.token);
  return user;
}

describe('on a site that publishes at once (a new site)', () => {
  it('publishes a newcomer’s blog at once, and marks it as written by a member not yet trusted', async () => {
    const author = await newcomer();
    const { id, awaiting_review } = await publish(author);
    expect(awaiting_review).toBe(false);
    expect(await anonymousStatus(id)).toBe(200);
    expect(await fetchBlog(t.app, id)).toMatchObject({ awaiting_review: false, author_trusted: false });
  });
});

describe('on a site that reviews new members', () => {
  beforeAll(() => settings({ reviewNewMembers: true, trustedAfter: 2 }));
  afterAll(() => settings({ reviewNewMembers: false, trustedAfter: 3 }));

  it('keeps a newcomer’s blog from everyone but them and the staff until a moderator approves it', async () => {
    const author = await newcomer();
    const notices = await newBlogNotices();
    const { id, awaiting_review } = await publish(author);
    expect(awaiting_review).toBe(true);

    expect(await anonymousStatus(id)).toBe(404);
    expect(await latestIds()).not.toContain(id);
    expect(await newBlogNotices()).toBe(notices);
    expect(await fetchBlog(t.app, id, author)).toMatchObject({
      awaiting_review: true,
      draft: false,
      publishedAt: null,
    });
    const dashboard = await post(t.app, '/api/blog/user-written-blogs', { page: 1, draft: false }, author.token);
    expect(dashboard.json().blogs).toMatchObject([{ blog_id: id, awaiting_review: true }]);
    expect((await queue()).blogs.map((b) => b.blog_id)).toContain(id);
    // An edit while it waits keeps it waiting.
    expect((await publish(author, { id, title: 'Edited while waiting' })).awaiting_review).toBe(true);
    expect(await anonymousStatus(id)).toBe(404);

    expect((await decide(id, true, moderator, 'Welcome')).json()).toEqual({ blog_id: id, approved: true });
    expect(await anonymousStatus(id)).toBe(200);
    expect(await latestIds()).toContain(id);
    expect(await newBlogNotices()).toBe(notices + 1);
    expect((await fetchBlog(t.app, id)).publishedAt).not.toBeNull();
    expect((await queue()).blogs.map((b) => b.blog_id)).not.toContain(id);
    expect((await moderationNotices(author)).map((n) => n.type === 'moderation' && n.moderation)).toMatchObject([
      { action: 'blog_approve', reason: 'Welcome' },
    ]);
    // Decided once: a second decision is refused.
    expect((await decide(id, false)).json()).toMatchObject({ code: 'blog_not_awaiting_review' });
    expect(await counterMismatches(t.app.db)).toEqual([]);
  });

  it('sends a rejected blog back to its author’s drafts, with the reason', async () => {
    const author = await newcomer();
    const { id } = await publish(author);
    expect((await decide(id, false, moderator, 'Advertising')).json()).toEqual({ blog_id: id, approved: false });
    expect(await anonymousStatus(id)).toBe(404);
    expect(await fetchBlog(t.app, id, author)).toMatchObject({ draft: true, awaiting_review: false });
    expect((await moderationNotices(author)).map((n) => n.type === 'moderation' && n.moderation)).toMatchObject([
      { action: 'blog_reject', reason: 'Advertising' },
    ]);
    expect((await queue()).blogs.map((b) => b.blog_id)).not.toContain(id);
  });

  it('trusts a member once enough of their blogs were approved: their next blog is out at once, their links followed', async () => {
    const author = await newcomer();
    for (const _ of [1, 2]) await decide((await publish(author)).id, true);
    expect(await member(author.username)).toMatchObject({ trust: 'auto', trusted: true });
    const { id, awaiting_review } = await publish(author);
    expect(awaiting_review).toBe(false);
    expect(await fetchBlog(t.app, id)).toMatchObject({ author_trusted: true });
  });

  it('lets moderators trust a member by hand, distrust one, or leave it to the count', async () => {
    const author = await newcomer();
    expect((await trust(author.username, 'trusted')).json().member).toMatchObject({ trust: 'trusted', trusted: true });
    expect((await publish(author)).awaiting_review).toBe(false);
    expect((await trust(author.username, 'untrusted')).json().member).toMatchObject({ trusted: false });
    expect((await publish(author)).awaiting_review).toBe(true);
    expect((await trust(author.username, 'auto')).json().member).toMatchObject({ trust: 'auto', trusted: false });
    // Staff are trusted whatever the count, and a moderator changes no staff member's trust.
    expect((await publish(moderator)).awaiting_review).toBe(false);
    expect((await trust(owner.username, 'untrusted')).json()).toMatchObject({ code: 'trust_change_forbidden' });
    expect((await trust(author.username, 'trusted', author)).statusCode).toBe(403);
  });

  it('sends a scheduled blog of a member not yet trusted to the queue when it comes due', async () => {
    const author = await newcomer();
    const { id } = await publish(author, { publishAt: new Date(now.getTime() + 3_600_000).toISOString() });
    now = new Date(now.getTime() + 2 * 3_600_000);
    await t.app.scheduledPublishing.run();
    expect(await anonymousStatus(id)).toBe(404);
    expect(await fetchBlog(t.app, id, author)).toMatchObject({ draft: false, awaiting_review: true, publishAt: null });
    expect((await queue()).blogs.map((b) => b.blog_id)).toContain(id);
  });

  it('shows the queue to staff only', async () => {
    expect((await post(t.app, '/api/admin/review-queue', { page: 1 }, follower.token)).statusCode).toBe(403);
    expect((await decide('any-blog', true, follower)).statusCode).toBe(403);
  });
});

describe('the spam-wave switch', () => {
  it('turns review on by itself, and off again with it', async () => {
    const author = await newcomer();
    await settings({ spamWave: true });
    expect((await publish(author)).awaiting_review).toBe(true);
    await settings({ spamWave: false });
    expect((await publish(author)).awaiting_review).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_STATS_DAYS, type SiteStatsResponse } from '@inkwell/contracts';
import { blogDailyReads, blogs, comments, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { countEveryBlog } from '../blogs/blog-counts.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  // The first account is the site's owner.
  owner = await buildUser(t.app);
  [admin, moderator, member] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
  for (const [user, role] of [
    [admin, 'admin'],
    [moderator, 'moderator'],
  ] as const)
    expect(
      (await post(t.app, '/api/admin/member/role', { username: user.username, role }, owner.token)).statusCode,
    ).toBe(200);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const dayAt = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const noonOf = (days: number) => new Date(`${dayAt(days)}T12:00:00Z`);
const siteStats = (user?: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/admin/site-stats', headers: user ? bearer(user.token) : {} });

/** A series of SITE_STATS_DAYS values, 0 but on the days (counted back from today, 0) given. */
function series(counts: Record<number, number>) {
  const values = Array.from({ length: SITE_STATS_DAYS }, () => 0);
  for (const [daysAgo, n] of Object.entries(counts)) values[SITE_STATS_DAYS - 1 - Number(daysAgo)] = n;
  return { total: values.reduce((sum, n) => sum + n, 0), values };
}
const internalId = async (blogId: string) =>
  (await t.app.db.select({ id: blogs.id }).from(blogs).where(eq(blogs.blogId, blogId)))[0]!.id;

describe('GET /api/admin/site-stats', () => {
  it('is the admins’ and the owner’s alone: 403 to a member or a moderator, 401 to a visitor', async () => {
    for (const user of [member, moderator]) {
      const res = await siteStats(user);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'admin_only' });
    }
    expect((await siteStats()).statusCode).toBe(401);
    for (const user of [owner, admin]) expect((await siteStats(user)).statusCode).toBe(200);
  });

  it('answers the last 90 UTC days, a value a day (0 for none), today last, with their totals', async () => {
    // Sign-ups: the four accounts above today; three more moved to yesterday, 89 and 90 days ago.
    const earlier = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    for (const [user, daysAgo] of [
      [earlier[0]!, 1],
      [earlier[1]!, 1],
      [earlier[2]!, 89],
      [earlier[3]!, 90],
    ] as const)
      await t.app.db
        .update(users)
        .set({ joinedAt: noonOf(-daysAgo) })
        .where(eq(users.username, user.username));

    // Blogs: published today, yesterday and 89 days ago; a draft and a deleted one are not counted.
    const [today, yesterday, longAgo, tooLongAgo] = [
      await buildBlog(t.app, member),
      await buildBlog(t.app, member),
      await buildBlog(t.app, member),
      await buildBlog(t.app, member),
    ];
    await buildBlog(t.app, member, { draft: true });
    const deleted = await buildBlog(t.app, member);
    expect((await post(t.app, '/api/blog/delete-blog', { blog_id: deleted }, member.token)).statusCode).toBe(200);
    for (const [blogId, daysAgo] of [
      [yesterday, 1],
      [longAgo, 89],
      [tooLongAgo, 90],
    ] as const)
      await t.app.db
        .update(blogs)
        .set({ publishedAt: noonOf(-daysAgo) })
        .where(eq(blogs.blogId, blogId));
    await countEveryBlog(t.app.db);

    // Comments: two today (one of them deleted by staff, still counted), one 3 days ago.
    const todayId = await internalId(today);
    for (const words of ['First', 'Second', 'Third'])
      expect(
        (await post(t.app, '/api/comment/add-comment', { _id: todayId, comment: words }, member.token)).statusCode,
      ).toBe(200);
    const written = await t.app.db.select().from(comments).where(eq(comments.blogId, todayId));
    await t.app.db
      .update(comments)
      .set({ createdAt: noonOf(-3) })
      .where(eq(comments.id, written.find((c) => c.comment === 'Third')!.id));
    const second = written.find((c) => c.comment === 'Second')!.id;
    expect(
      (await post(t.app, '/api/admin/delete-comment', { comment_id: second, reason: 'Spam' }, owner.token)).statusCode,
    ).toBe(200);

    // Reads: counted by the flush today, and days of reads as they were kept before.
    for (const ip of ['198.51.100.1', '198.51.100.2'])
      await t.app.inject({ method: 'POST', url: '/api/blog/read', payload: { blog_id: today }, remoteAddress: ip });
    await t.app.readCounts.flush();
    const [yesterdayId, longAgoId] = [await internalId(yesterday), await internalId(longAgo)];
    await t.app.db.insert(blogDailyReads).values([
      { blogId: yesterdayId, day: dayAt(-1), reads: 5 },
      { blogId: longAgoId, day: dayAt(-1), reads: 2 },
      { blogId: longAgoId, day: dayAt(-89), reads: 3 },
      { blogId: longAgoId, day: dayAt(-90), reads: 100 },
    ]);

    const res = await siteStats(admin);
    expect(res.statusCode).toBe(200);
    const answer = res.json<SiteStatsResponse>();
    expect(answer).toEqual({
      from: dayAt(1 - SITE_STATS_DAYS),
      signUps: series({ 0: 4, 1: 2, 89: 1 }),
      blogsPublished: series({ 0: 1, 1: 1, 89: 1 }),
      comments: series({ 0: 2, 3: 1 }),
      reads: series({ 0: 2, 1: 7, 89: 3 }),
    });
  });
});

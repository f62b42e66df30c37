import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentMessages,
  ErrorMessages,
  type AnyNotification,
  type Blog,
  type Comment,
  type FixedErrorCode,
  type ModerationLogResponse,
  type ReportBody,
  type ReportGroup,
  type ReportsQueueResponse,
} from '@inkwell/contracts';
import { reports } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, commentCounts, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  // These tests report far faster than a person; the limit itself is tested below, at ten times its size.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '10' });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
  admin = await buildUser(t.app, { fullname: 'Adam Admin' });
  moderator = await buildUser(t.app, { fullname: 'Mona Moderator' });
  for (const [whom, role] of [
    [admin, 'admin'],
    [moderator, 'moderator'],
  ] as const)
    expect(
      (await post(t.app, '/api/admin/member/role', { username: whom.username, role }, owner.token)).statusCode,
    ).toBe(200);
});
afterAll(() => t.close());

type Target = ReportBody['target'];
const blogTarget = (blog: Pick<Blog, 'blog_id'>): Target => ({ type: 'blog', blog_id: blog.blog_id });
const commentTarget = (comment: Comment): Target => ({ type: 'comment', comment_id: comment._id });
const userTarget = (user: TestUser): Target => ({ type: 'user', username: user.username });

const report = (by: TestUser | undefined, target: Target, reason = 'spam', words?: string) =>
  post(t.app, '/api/report', { target, reason, words }, by?.token);
const reported = async (by: TestUser, target: Target, reason = 'spam', words?: string) => {
  const res = await report(by, target, reason, words);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status: 'reported' });
};
const refusedWith = (res: { statusCode: number; json: () => unknown }, status: number, code: FixedErrorCode) => {
  expect([res.statusCode, res.json()]).toEqual([status, { error: ErrorMessages[code], code }]);
};

const notifications = async (user: TestUser) => {
  const res = await post(t.app, '/notifications', { page: 1, filter: 'all' }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ notifications: AnyNotification[] }>().notifications;
};
const hasNew = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/notification/new-notification', headers: bearer(user.token) })).json<{
    new_notification_available: boolean;
  }>().new_notification_available;

const queue = async (by: TestUser = moderator, page = 1) => {
  const res = await post(t.app, '/api/admin/reports', { page }, by.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportsQueueResponse>();
};
/** The queue's group of a target, as staff name it (a blog_id, a comment's id, a username); undefined once it left. */
const groupOf = async (id: string): Promise<ReportGroup | undefined> =>
  (await queue()).groups.find((group) => group.target.id === id);
const dismiss = (by: TestUser, type: string, id: string, reason = 'Nothing wrong') =>
  post(t.app, '/api/admin/dismiss-reports', { target: { type, id }, reason }, by.token);
const staffDelete = (by: TestUser, comment: Comment, reason = 'Abuse') =>
  post(t.app, '/api/admin/delete-comment', { comment_id: comment._id, reason }, by.token);
const log = async () => (await post(t.app, '/api/admin/log', {}, owner.token)).json<ModerationLogResponse>().entries;

async function newBlog(author: TestUser, overrides: Record<string, unknown> = {}): Promise<Blog> {
  return fetchBlog(t.app, await buildBlog(t.app, author, { title: `Cheap pills ${uniqueId()}`, ...overrides }), author);
}
const comments = async (blog: Blog, viewer?: TestUser) =>
  (await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id }, viewer?.token)).json<Comment[]>();
const replies = async (comment: Comment) =>
  (await post(t.app, '/api/comment/get-replies', { _id: comment._id })).json<{ replies: Comment[] }>().replies;

describe('reporting', () => {
  it('reports a blog, a comment and a profile with what each read then; every staff member is told, the reported member is not', async () => {
    const [author, reader] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    const blog = await newBlog(author, { des: 'Buy now.' });
    const comment = await buildComment(t.app, author, blog, { comment: `Click my link ${uniqueId()}` });
    expect(
      (await post(t.app, '/api/user/update-profile', { username: author.username, bio: 'I sell pills.' }, author.token))
        .statusCode,
    ).toBe(200);
    const authorBefore = (await notifications(author)).length;

    await reported(reader, blogTarget(blog), 'spam', '  Selling pills  ');
    await reported(reader, commentTarget(comment), 'harassment');
    await reported(reader, userTarget(author), 'other', 'A spam account');
    // What they say changes; what was reported stays as it read.
    expect(
      (await post(t.app, '/api/user/update-profile', { username: author.username, bio: 'Harmless.' }, author.token))
        .statusCode,
    ).toBe(200);

    const snapshots = [`${blog.title}\nBuy now.`, comment.comment, `${author.fullname}\nI sell pills.`];
    for (const staff of [owner, admin, moderator]) {
      expect(await hasNew(staff)).toBe(true);
      const told = (await notifications(staff)).filter(
        (n) => n.type === 'report' && snapshots.includes(n.report.snapshot),
      );
      expect(told.map((n) => n.type === 'report' && [n.report.target, n.report.reason, n.report.snapshot])).toEqual([
        ['user', 'other', snapshots[2]],
        ['comment', 'harassment', snapshots[1]],
        ['blog', 'spam', snapshots[0]],
      ]);
    }
    // Nothing reaches the reported member, nor the reporter.
    expect((await notifications(author)).length).toBe(authorBefore);
    expect(await notifications(reader)).toEqual([]);

    const group = (await groupOf(blog.blog_id))!;
    expect(group).toMatchObject({
      target: {
        type: 'blog',
        label: blog.title,
        link: `/blog/${blog.blog_id}`,
        author: author.username,
        can: { act: true },
      },
      count: 1,
      reports: [{ reason: 'spam', words: 'Selling pills', snapshot: snapshots[0], reporter: reader.username }],
    });
    expect(await groupOf(comment._id)).toMatchObject({
      target: { type: 'comment', label: comment.comment, link: `/blog/${blog.blog_id}`, author: author.username },
    });
    expect(await groupOf(author.username)).toMatchObject({
      target: { type: 'user', label: author.fullname, link: `/user/${author.username}`, author: author.username },
      reports: [{ reason: 'other', words: 'A spam account', snapshot: snapshots[2] }],
    });
  });

  it('lets a silenced member report (they still read) but not a visitor', async () => {
    const [author, silenced] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    const blog = await newBlog(author);
    const silence = { username: silenced.username, standing: 'silenced' };
    expect((await post(t.app, '/api/admin/member/standing', silence, moderator.token)).statusCode).toBe(200);
    await reported(silenced, blogTarget(blog));
    refusedWith(await report(undefined, blogTarget(blog)), 401, 'unauthorized');
  });

  it('refuses what the reporter may not read (404), their own things (400) and a second open report (409)', async () => {
    const [author, reader, blocked, suspended] = await Promise.all([
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
    ]);
    const blog = await newBlog(author);
    const draft = await newBlog(author, { draft: true });
    const hidden = await newBlog(author);
    const onHidden = await buildComment(t.app, author, hidden);
    const hide = { blog_id: hidden.blog_id, reason: 'Spam' };
    expect((await post(t.app, '/api/admin/hide-blog', hide, moderator.token)).statusCode).toBe(200);
    const comment = await buildComment(t.app, author, blog);
    const byBlocked = await buildComment(t.app, blocked, blog);
    expect(
      (await post(t.app, '/api/user/block', { username: blocked.username, block: true }, reader.token)).statusCode,
    ).toBe(200);
    const suspend = { username: suspended.username, standing: 'suspended' };
    expect((await post(t.app, '/api/admin/member/standing', suspend, moderator.token)).statusCode).toBe(200);

    for (const target of [blogTarget(draft), blogTarget(hidden), blogTarget({ blog_id: 'no-such-blog' })])
      refusedWith(await report(reader, target), 404, 'blog_not_found');
    for (const target of [
      commentTarget(byBlocked),
      commentTarget(onHidden),
      { type: 'comment', comment_id: crypto.randomUUID() } as Target,
    ])
      refusedWith(await report(reader, target), 404, 'comment_not_found');
    for (const target of [userTarget(suspended), { type: 'user', username: 'nobody-here' } as Target])
      refusedWith(await report(reader, target), 404, 'user_not_found');

    // Their own, in whatever state they see it.
    for (const target of [
      blogTarget(blog),
      blogTarget(draft),
      blogTarget(hidden),
      commentTarget(comment),
      userTarget(author),
    ])
      refusedWith(await report(author, target), 400, 'self_report');
    refusedWith(await report(author, { type: 'user', username: author.username.toUpperCase() }), 400, 'self_report');

    await reported(reader, blogTarget(blog));
    // Another reason changes nothing: one open report per reader and target, whatever it says.
    refusedWith(await report(reader, blogTarget(blog), 'hate'), 409, 'already_reported');
    const twice = await Promise.all([report(blocked, userTarget(author)), report(blocked, userTarget(author))]);
    expect(twice.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await groupOf(author.username))!.count).toBe(1);
    // Once dealt with, the reader may report it again.
    expect((await dismiss(moderator, 'blog', blog.blog_id)).json()).toEqual({ dismissed: 1 });
    await reported(reader, blogTarget(blog), 'hate');

    for (const body of [
      { target: blogTarget(blog), reason: 'boring' },
      { target: { type: 'blog' }, reason: 'spam' },
      { target: { type: 'page', blog_id: blog.blog_id }, reason: 'spam' },
      { target: blogTarget(blog), reason: 'spam', words: 'x'.repeat(1001) },
      { target: { type: 'comment', comment_id: 'not-an-id' }, reason: 'spam' },
    ])
      expect((await post(t.app, '/api/report', body, reader.token)).statusCode).toBe(400);
  });

  it('is rate-limited', async () => {
    const [author, reader] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    const target = userTarget(author);
    await reported(reader, target);
    const statuses: number[] = [];
    // The limit is 10 in 10 minutes, at ten times its size here; refused reports count too.
    for (let i = 0; i < 100; i++) statuses.push((await report(reader, target)).statusCode);
    expect(statuses.slice(0, 99)).toEqual(Array(99).fill(409));
    const limited = await report(reader, target);
    expect([statuses[99], limited.statusCode]).toEqual([429, 429]);
    expect(limited.json<{ code: string; error: string }>()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many reports\./),
    });
  });
});

describe("the staff's queue", () => {
  it('groups open reports by target, most reported first, then the longest waiting, a page at a time', async () => {
    await t.app.db.update(reports).set({ resolvedAt: new Date() }).where(isNull(reports.resolvedAt));
    const [author, ...readers] = await Promise.all([
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
    ]);
    const [first, second, third] = [await newBlog(author), await newBlog(author), await newBlog(author)];
    const comment = await buildComment(t.app, author, first);
    // third: 1 report (earliest), first: 3, comment: 2, profile: 1 (latest).
    await reported(readers[0]!, blogTarget(third));
    for (const reader of readers) await reported(reader, blogTarget(first), 'spam', reader.username);
    for (const reader of readers.slice(0, 2)) await reported(reader, commentTarget(comment));
    await reported(readers[2]!, userTarget(author));

    const { groups, totalDocs } = await queue();
    expect(totalDocs).toBe(4);
    expect(groups.map((g) => [g.target.id, g.count])).toEqual([
      [first.blog_id, 3],
      [comment._id, 2],
      [third.blog_id, 1],
      [author.username, 1],
    ]);
    // Within a group, oldest first.
    expect(groups[0]!.reports.map((r) => r.words)).toEqual(readers.map((r) => r.username));
    // A blog nobody reported is not in it.
    expect(groups.some((g) => g.target.id === second.blog_id)).toBe(false);
    expect((await queue(moderator, 2)).groups).toEqual([]);
  });

  it('is for staff only, and says whom the viewer may act on', async () => {
    const [member, author] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
    refusedWith(await post(t.app, '/api/admin/reports', {}, member.token), 403, 'staff_only');
    refusedWith(await post(t.app, '/api/admin/reports', {}), 401, 'unauthorized');
    refusedWith(await dismiss(member, 'user', author.username), 403, 'staff_only');
    // A moderator may dismiss a report of an admin, but not act on them.
    await reported(author, userTarget(admin));
    expect((await groupOf(admin.username))!.target.can).toEqual({ act: false });
    const asOwner = (await queue(owner)).groups.find((g) => g.target.id === admin.username)!;
    expect(asOwner.target.can).toEqual({ act: true });
  });

  it('dismisses every open report of a target: logged, nobody told, the target left as it was', async () => {
    const [author, ...readers] = await Promise.all([buildUser(t.app), buildUser(t.app), buildUser(t.app)]);
    const blog = await newBlog(author);
    for (const reader of readers) await reported(reader, blogTarget(blog));
    const authorBefore = (await notifications(author)).length;

    expect((await dismiss(moderator, 'blog', blog.blog_id, 'Not spam')).json()).toEqual({ dismissed: 2 });
    expect(await groupOf(blog.blog_id)).toBeUndefined();
    // Twice, or by two staff at once: the second finds nothing open and logs nothing.
    expect((await dismiss(admin, 'blog', blog.blog_id)).json()).toEqual({ dismissed: 0 });
    const lines = (await log()).filter((line) => line.target.id === blog.blog_id);
    expect(lines).toMatchObject([
      {
        actor: moderator.username,
        action: 'reports_dismiss',
        target: { type: 'blog', label: blog.title },
        detail: '2 open → dismissed',
        reason: 'Not spam',
      },
    ]);
    expect((await notifications(author)).length).toBe(authorBefore);
    expect((await fetchBlog(t.app, blog.blog_id)).title).toBe(blog.title);

    refusedWith(await dismiss(moderator, 'blog', 'no-such-blog'), 404, 'blog_not_found');
    refusedWith(await dismiss(moderator, 'comment', 'not-an-id'), 404, 'comment_not_found');
    refusedWith(await dismiss(moderator, 'user', 'nobody-here'), 404, 'user_not_found');
  });
});

describe('staff deleting a comment', () => {
  it("keeps the thread's shape and counters, withholds the words everywhere, and tells the commenter why", async () => {
    const [author, commenter, replier, reader] = await Promise.all([
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
      buildUser(t.app),
    ]);
    const blog = await newBlog(author);
    const words = `Abusive words ${uniqueId()}`;
    const comment = await buildComment(t.app, commenter, blog, { comment: words });
    const reply = await buildComment(t.app, replier, blog, { comment: 'A fair reply', replying_to: comment._id });
    await reported(reader, commentTarget(comment), 'harassment');
    const counts = await commentCounts(t.app, blog._id);

    const res = await staffDelete(moderator, comment, 'Harassment');
    expect([res.statusCode, res.json()]).toEqual([200, { comment_id: comment._id, removed: true }]);

    // The thread as anyone reads it: the comment in its place, its words gone, its reply still below it.
    for (const viewer of [undefined, author, commenter]) {
      const [shown] = (await comments(blog, viewer)).filter((c) => c._id === comment._id);
      expect(shown).toMatchObject({
        comment: CommentMessages.removedByStaff,
        children: [reply._id],
        can: { delete: false },
      });
    }
    expect((await replies(comment)).map((r) => r.comment)).toEqual(['A fair reply']);
    expect(await commentCounts(t.app, blog._id)).toEqual(counts);
    // The blog's author is told of the comment as it says now.
    const told = (await notifications(author)).find((n) => n.type === 'comment');
    expect(told?.type === 'comment' && told.comment?.comment).toBe(CommentMessages.removedByStaff);
    // Nobody deletes it now but by deleting what it answers; the reports of it are closed.
    refusedWith(
      await post(t.app, '/api/comment/delete-comment', { _id: comment._id }, commenter.token),
      403,
      'comment_delete_forbidden',
    );
    refusedWith(
      await post(t.app, '/api/comment/delete-comment', { _id: comment._id }, author.token),
      403,
      'comment_delete_forbidden',
    );
    expect(await groupOf(comment._id)).toBeUndefined();
    refusedWith(await report(replier, commentTarget(comment)), 404, 'comment_not_found');

    // Its writer is told what and why, naming no staff member; the log keeps the words.
    const moderation = (await notifications(commenter)).find((n) => n.type === 'moderation');
    expect(moderation).toMatchObject({
      moderation: { action: 'comment_delete', label: words, detail: 'shown → deleted', reason: 'Harassment' },
    });
    expect((await log()).find((line) => line.target.id === comment._id)).toMatchObject({
      actor: moderator.username,
      action: 'comment_delete',
      target: { type: 'comment', label: words },
    });

    // Again: nothing changes, nobody is told twice.
    expect((await staffDelete(admin, comment)).statusCode).toBe(200);
    expect((await notifications(commenter)).filter((n) => n.type === 'moderation')).toHaveLength(1);
  });

  it('is refused on staff above or beside the actor, and on comments that do not exist', async () => {
    const author = await buildUser(t.app);
    const blog = await newBlog(author);
    const byAdmin = await buildComment(t.app, admin, blog);
    const byModerator = await buildComment(t.app, moderator, blog);
    refusedWith(await staffDelete(moderator, byAdmin), 403, 'content_action_forbidden');
    refusedWith(await staffDelete(moderator, byModerator), 403, 'content_action_forbidden');
    refusedWith(await staffDelete(author, byAdmin), 403, 'staff_only');
    refusedWith(await staffDelete(owner, { ...byAdmin, _id: crypto.randomUUID() }), 404, 'comment_not_found');
    expect((await staffDelete(owner, byAdmin)).statusCode).toBe(200);
  });
});

describe('acting on a target', () => {
  it('closes its open reports: hiding a blog, silencing or suspending a member', async () => {
    const [author, member, reader] = await Promise.all([buildUser(t.app), buildUser(t.app), buildUser(t.app)]);
    const blog = await newBlog(author);
    const other = await newBlog(author);
    await reported(reader, blogTarget(blog));
    await reported(reader, blogTarget(other));
    await reported(reader, userTarget(member));
    await reported(reader, userTarget(author));

    expect(
      (await post(t.app, '/api/admin/hide-blog', { blog_id: blog.blog_id, reason: 'Spam' }, moderator.token))
        .statusCode,
    ).toBe(200);
    expect(await groupOf(blog.blog_id)).toBeUndefined();
    // Only the blog acted on, not the author's other blogs nor their profile.
    expect(await groupOf(other.blog_id)).toBeDefined();
    expect(await groupOf(author.username)).toBeDefined();

    const standing = (whom: TestUser, to: string) =>
      post(
        t.app,
        '/api/admin/member/standing',
        { username: whom.username, standing: to, reason: 'Spam' },
        moderator.token,
      );
    expect((await standing(member, 'silenced')).statusCode).toBe(200);
    expect(await groupOf(member.username)).toBeUndefined();
    expect((await standing(member, 'active')).statusCode).toBe(200);
    expect((await standing(author, 'suspended')).statusCode).toBe(200);
    expect(await groupOf(author.username)).toBeUndefined();

    // A closed report names who closed it.
    const [closed] = await t.app.db
      .select({ by: reports.resolvedBy, at: reports.resolvedAt })
      .from(reports)
      .where(eq(reports.blogId, blog._id));
    expect(closed).toEqual({ by: expect.any(String), at: expect.any(Date) });
  });
});

import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  type BulkAction,
  type BulkActionResponse,
  type BulkActionsResponse,
  type MemberFilter,
  type MembersResponse,
  type Session,
} from '@inkwell/contracts';
import { moderationLog, notifications, sessions, users } from '../../db/schema/index.ts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';
import { workThroughBatch } from './spam-waves.service.ts';

let idp: GoogleIdp;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp({ ...idp.env, RATE_LIMIT_MULTIPLIER: '1000' });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
  admin = await buildUser(t.app, { fullname: 'Adam Admin' });
  expect((await setRole(owner, admin, 'admin')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const events = () => ({ blogs: t.app.blogEvents, users: t.app.userEvents });
const setRole = (by: TestUser, whom: { username: string }, role: string) =>
  post(t.app, '/api/admin/member/role', { username: whom.username, role }, by.token);
const matching = async (filter: Partial<MemberFilter>, by = admin) => {
  const res = await post(t.app, '/api/admin/members-matching', { filter }, by.token);
  expect(res.statusCode).toBe(200);
  return res.json<MembersResponse>();
};
const usernamesMatching = async (filter: Partial<MemberFilter>) =>
  (await matching(filter)).members.map((m) => m.username).sort();
const bulkStanding = (filter: Partial<MemberFilter>, standing: string, expected: number, reason = 'Spam wave') =>
  post(t.app, '/api/admin/bulk-standing', { filter, standing, reason, expected }, admin.token);
const progress = async (id: string) =>
  (await post(t.app, '/api/admin/bulk-action', { id }, admin.token)).json<BulkActionResponse>().bulkAction;
const joinedOn = (who: { username: string }, day: string) =>
  t.app.db
    .update(users)
    .set({ joinedAt: new Date(`${day}T12:00:00Z`) })
    .where(eq(users.username, who.username));

describe('the filter', () => {
  const mark = `wave${uniqueId()}`;
  const named = (name: string) => ({ email: `${mark}.${name}@example.com` });
  let people: Record<'early' | 'blogger' | 'googler' | 'quiet', { username: string }>;
  let silenced: TestUser;
  beforeAll(async () => {
    const early = await buildUser(t.app, named('early'));
    const blogger = await buildUser(t.app, named('blogger'));
    silenced = await buildUser(t.app, named('silenced'));
    const email = `${mark}.googler@gmail.com`;
    const session = (
      await post(t.app, '/api/user/google-auth', { access_token: await idp.sign({ sub: `google-${mark}`, email }) })
    ).json<Session>();
    const googler: TestUser = { ...session, session, token: session.access_token, email, password: '' };
    const quiet = await buildUser(t.app, named('quiet'));
    people = { early, blogger, googler, quiet };
    // Staff, whatever they look like, are never matched.
    for (const role of ['moderator', 'admin']) {
      const staff = await buildUser(t.app, named(role));
      expect((await setRole(owner, staff, role)).statusCode).toBe(200);
    }
    const blogs = [await buildBlog(t.app, blogger), await buildBlog(t.app, blogger), await buildBlog(t.app, googler)];
    const googlersBlog = await fetchBlog(t.app, blogs[2]!);
    await buildComment(t.app, blogger, googlersBlog);
    for (let i = 0; i < 3; i++) await buildComment(t.app, googler, googlersBlog);
    await joinedOn(early, '2024-01-10');
    await joinedOn(blogger, '2024-02-10');
    await joinedOn(quiet, '2024-03-01');
    expect(
      (
        await post(
          t.app,
          '/api/admin/member/standing',
          { username: silenced.username, standing: 'silenced' },
          admin.token,
        )
      ).statusCode,
    ).toBe(200);
  });

  const names = (...keys: (keyof typeof people)[]) => keys.map((key) => people[key].username).sort();

  it('matches the active members its text names, never staff', async () => {
    const { members, totalDocs } = await matching({ query: mark });
    expect(members.map((m) => m.username).sort()).toEqual(names('early', 'blogger', 'googler', 'quiet'));
    expect(totalDocs).toBe(4);
    expect(members.every((m) => m.role === 'member' && m.can.standing)).toBe(true);
  });

  it('narrows by each field', async () => {
    const cases: [Partial<MemberFilter>, string[]][] = [
      [{ standing: 'silenced' }, [silenced.username]],
      [{ joinedFrom: '2024-01-01', joinedTo: '2024-01-31' }, names('early')],
      // Both days included, whole UTC days.
      [{ joinedFrom: '2024-01-10', joinedTo: '2024-02-10' }, names('early', 'blogger')],
      [{ joinedFrom: '2024-02-11' }, names('googler', 'quiet')],
      [{ joinedTo: '2024-02-28' }, names('early', 'blogger')],
      [{ method: 'google' }, names('googler')],
      [{ method: 'password' }, names('early', 'blogger', 'quiet')],
      // Google confirmed the googler's address; a password account starts unconfirmed.
      [{ verified: true }, names('googler')],
      [{ verified: false }, names('early', 'blogger', 'quiet')],
      [{ blogsMin: 1 }, names('blogger', 'googler')],
      [{ blogsMin: 2 }, names('blogger')],
      [{ blogsMax: 0 }, names('early', 'quiet')],
      [{ commentsMin: 1 }, names('blogger', 'googler')],
      [{ commentsMin: 2 }, names('googler')],
      [{ commentsMax: 1 }, names('early', 'blogger', 'quiet')],
      [{ blogsMin: 1, commentsMax: 1, method: 'password' }, names('blogger')],
      [{ blogsMin: 5 }, []],
    ];
    const wrong: string[] = [];
    for (const [filter, expected] of cases) {
      const got = await usernamesMatching({ query: mark, ...filter });
      if (JSON.stringify(got) !== JSON.stringify(expected))
        wrong.push(`${JSON.stringify(filter)}: ${got.join(', ')} (expected ${expected.join(', ')})`);
    }
    expect(wrong).toEqual([]);
  });

  it('is for admins: a moderator is refused', async () => {
    const moderator = await buildUser(t.app);
    await setRole(admin, moderator, 'moderator');
    const res = await post(t.app, '/api/admin/members-matching', { filter: {} }, moderator.token);
    expect([res.statusCode, res.json().code]).toEqual([403, 'admin_only']);
  });

  it('refuses a bulk action on another number of members than the admin saw, and does nothing', async () => {
    const before = (await post(t.app, '/api/admin/bulk-actions', {}, admin.token)).json<BulkActionsResponse>()
      .totalDocs;
    const seen = (await matching({ query: mark })).totalDocs;
    const latecomer = await buildUser(t.app, named(`late${uniqueId()}`));
    const res = await bulkStanding({ query: mark }, 'suspended', seen);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: ErrorMessages.bulk_count_changed, code: 'bulk_count_changed' },
    ]);
    expect((await post(t.app, '/api/admin/bulk-actions', {}, admin.token)).json<BulkActionsResponse>().totalDocs).toBe(
      before,
    );
    expect(await usernamesMatching({ query: mark })).toContain(latecomer.username);
    expect((await matching({ query: mark })).totalDocs).toBe(seen + 1);
  });
});

describe('a bulk suspension', () => {
  const mark = `flood${uniqueId()}`;
  const SPAMMERS = 30;
  let spammers: (TestUser & { blogId: string; otherDevice: string })[];
  let becameStaff: TestUser & { blogId: string };
  let action: BulkAction;

  beforeAll(async () => {
    spammers = [];
    for (let i = 0; i < SPAMMERS; i++) {
      const user = await buildUser(t.app, { fullname: `Cheap Pills ${i}`, email: `${mark}.${i}@example.com` });
      const blogId = await buildBlog(t.app, user, { title: `Buy ${mark} now ${i}` });
      const otherDevice = (
        await post(t.app, '/api/user/signin', { email: user.email, password: user.password })
      ).json<Session>().access_token;
      spammers.push({ ...user, blogId, otherDevice });
    }
    const res = await bulkStanding({ query: mark }, 'suspended', SPAMMERS, 'Pill spam');
    expect(res.statusCode).toBe(200);
    action = res.json<BulkActionResponse>().bulkAction;
    // Named a moderator after the wave was frozen: skipped when the job reaches them.
    becameStaff = spammers.at(-1)!;
    expect((await setRole(owner, becameStaff, 'moderator')).statusCode).toBe(200);
  });

  const acted = () => spammers.filter((s) => s !== becameStaff);
  const logLines = async (ids: string[]) =>
    t.app.db
      .select({ target: moderationLog.targetId, lines: count() })
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'standing'), inArray(moderationLog.targetId, ids)))
      .groupBy(moderationLog.targetId);
  const idsOf = async (list: TestUser[]) =>
    (
      await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.username,
            list.map((s) => s.username),
          ),
        )
    ).map((row) => row.id);

  it('freezes who matched, and answers its progress', () => {
    expect(action).toMatchObject({
      action: 'suspended',
      reason: 'Pill spam',
      total: SPAMMERS,
      done: 0,
      status: 'running',
      createdBy: admin.username,
    });
  });

  it('continues where a stopped job left off and changes each member once, with one log line each', async () => {
    // A worker that got through one batch, and one killed a few members into the next.
    await workThroughBatch(t.app.db, events(), action._id, 10);
    expect(await progress(action._id)).toMatchObject({ done: 10, status: 'running' });
    await workThroughBatch(t.app.db, events(), action._id, 3);
    expect(await progress(action._id)).toMatchObject({ done: 13, status: 'running' });
    // Two workers on the same members at once (a lease ran out): each member is still done once.
    await Promise.all([
      workThroughBatch(t.app.db, events(), action._id, 5),
      workThroughBatch(t.app.db, events(), action._id, 5),
    ]);
    // Between 18 (both took the same five) and 23 (none the same), as the two happened to interleave.
    const { done } = await progress(action._id);
    expect(done).toBeGreaterThanOrEqual(18);
    expect(done).toBeLessThanOrEqual(23);
    // The job queued when it started runs, again, and finishes the rest.
    await t.app.jobs.runDue();
    expect(await progress(action._id)).toMatchObject({ total: SPAMMERS, done: SPAMMERS, status: 'done' });
    await workThroughBatch(t.app.db, events(), action._id, SPAMMERS);
    await t.app.jobs.runDue();
    expect(await progress(action._id)).toMatchObject({ done: SPAMMERS, status: 'done' });

    const suspended = acted();
    const lines = await logLines(await idsOf(suspended));
    expect(lines).toHaveLength(SPAMMERS - 1);
    expect(lines.every((line) => line.lines === 1)).toBe(true);
    const told = await t.app.db
      .select({ lines: count() })
      .from(notifications)
      .where(and(eq(notifications.type, 'moderation'), inArray(notifications.notificationFor, await idsOf(suspended))));
    expect(told[0]!.lines).toBe(SPAMMERS - 1);
  });

  it('ends every session of each, withholds their blogs, keeps the counters exact, and skips who became staff', async () => {
    const wrong: string[] = [];
    for (const spammer of acted()) {
      for (const token of [spammer.token, spammer.otherDevice]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
        if (res.statusCode !== 401) wrong.push(`${spammer.username}: ${res.statusCode}`);
      }
      const signIn = await post(t.app, '/api/user/signin', { email: spammer.email, password: spammer.password });
      if (signIn.statusCode !== 403) wrong.push(`${spammer.username} signed in: ${signIn.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const left = await t.app.db
      .select({ sessions: count() })
      .from(sessions)
      .where(inArray(sessions.userId, await idsOf(acted())));
    expect(left[0]!.sessions).toBe(0);

    const listed = (await post(t.app, '/api/blog/search-blogs', { query: mark, page: 1 })).json<{
      blogs: { blog_id: string }[];
    }>().blogs;
    expect(listed.map((blog) => blog.blog_id)).toEqual([becameStaff.blogId]);
    const latest = (await post(t.app, '/api/blog/latest-blogs', { page: 1 })).body;
    for (const spammer of acted()) expect(latest).not.toContain(spammer.blogId);
    expect(await counterMismatches(t.app.db)).toEqual([]);

    const [staffNow] = await t.app.db
      .select({ role: users.role, standing: users.standing })
      .from(users)
      .where(eq(users.username, becameStaff.username));
    expect(staffNow).toEqual({ role: 'moderator', standing: 'active' });
    expect(await logLines(await idsOf([becameStaff]))).toEqual([]);
  });

  it('lists the bulk actions, newest first, and a second wave matches none of those suspended', async () => {
    const { bulkActions } = (await post(t.app, '/api/admin/bulk-actions', {}, admin.token)).json<BulkActionsResponse>();
    expect(bulkActions[0]).toMatchObject({ _id: action._id, status: 'done', done: SPAMMERS });
    expect((await matching({ query: mark })).totalDocs).toBe(0);
    const restore = await bulkStanding({ query: mark, standing: 'suspended' }, 'active', SPAMMERS - 1, 'Mistake');
    expect(restore.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await progress(restore.json<BulkActionResponse>().bulkAction._id)).toMatchObject({ status: 'done' });
    expect((await matching({ query: mark })).totalDocs).toBe(SPAMMERS - 1);
    expect(await counterMismatches(t.app.db)).toEqual([]);
    for (const [id, status] of [
      [randomUUID(), 404],
      ['nope', 400],
    ] as const) {
      const res = await post(t.app, '/api/admin/bulk-action', { id }, admin.token);
      expect([res.statusCode, res.json().code]).toEqual([status, 'bulk_action_not_found']);
    }
  });
});

describe('a bulk deletion', () => {
  it('deletes every member matched, with all they put in, once the number is typed, counters exact', async () => {
    const mark = `flood${uniqueId()}`;
    const reader = await buildUser(t.app);
    const readersBlog = await fetchBlog(t.app, await buildBlog(t.app, reader));
    const spammers = [];
    for (let i = 0; i < 12; i++) {
      const spammer = await buildUser(t.app, { fullname: `Flood ${i}`, email: `${mark}.${i}@example.com` });
      await buildBlog(t.app, spammer, { tags: ['watches'] });
      await post(t.app, '/api/blog/like-blog', { _id: readersBlog._id, isLikedByUser: false }, spammer.token);
      await buildComment(t.app, spammer, readersBlog, { comment: 'Cheap watches' });
      await post(t.app, '/api/user/follow', { username: reader.username, isFollowing: false }, spammer.token);
      spammers.push(spammer);
    }
    const filter = { query: mark };
    const body = { filter, reason: 'Watch spam', expected: 12 };
    const refused = await post(t.app, '/api/admin/bulk-delete', { ...body, confirm: 'delete 11' }, admin.token);
    expect(refused.json().code).toBe('confirmation_mismatch');
    const started = await post(t.app, '/api/admin/bulk-delete', { ...body, confirm: 'Delete 12' }, admin.token);
    expect(started.json<BulkActionResponse>().bulkAction).toMatchObject({ action: 'delete', total: 12, done: 0 });
    await t.app.jobs.runDue();
    expect(await progress(started.json<BulkActionResponse>().bulkAction._id)).toMatchObject({
      done: 12,
      status: 'done',
    });

    expect(await counterMismatches(t.app.db)).toEqual([]);
    expect(await usernamesMatching(filter)).toEqual([]);
    for (const spammer of spammers)
      expect((await post(t.app, '/api/user/get-profile', { username: spammer.username })).statusCode).toBe(404);
    const after = await fetchBlog(t.app, readersBlog.blog_id);
    expect(after.activity).toMatchObject({ total_likes: 0, total_comments: 0, total_parent_comments: 0 });
    const readerProfile = (await post(t.app, '/api/user/get-profile', { username: reader.username })).json();
    expect(readerProfile.account_info.total_followers).toBe(0);
    const lines = await t.app.db
      .select({ n: count() })
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'member_delete'), eq(moderationLog.reason, 'Watch spam')));
    expect(lines[0]!.n).toBe(12);
  });
});

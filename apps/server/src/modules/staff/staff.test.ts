import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  type AnyNotification,
  type ApplicationsResponse,
  type CreateInviteResponse,
  type InvitesResponse,
  type Member,
  type ModerationLogResponse,
  type MyProfileResponse,
  type Role,
} from '@inkwell/contracts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';
import { startSmtpInbox } from '../../test/smtp-inbox.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { fetchBlog } from '../../test/conversation.ts';
import { users } from '../../db/schema/index.ts';
import { ownerlessLine, runAdminCommand } from './index.ts';

let idp: GoogleIdp;
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp({ ...idp.env, ...idp.firebaseEnv, RATE_LIMIT_MULTIPLIER: '1000' });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
  admin = await buildUser(t.app, { fullname: 'Adam Admin' });
  moderator = await buildUser(t.app, { fullname: 'Mona Moderator' });
  expect((await setRole(owner, admin, 'admin')).statusCode).toBe(200);
  expect((await setRole(admin, moderator, 'moderator')).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const me = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
  return res;
};
const setRole = (by: TestUser, whom: TestUser, role: Role, reason = '') =>
  post(t.app, '/api/admin/member/role', { username: whom.username, role, reason }, by.token);
const setStanding = (by: TestUser, whom: TestUser, standing: string, reason = '') =>
  post(t.app, '/api/admin/member/standing', { username: whom.username, standing, reason }, by.token);
const refusal = (code: keyof typeof ErrorMessages) => ({ error: ErrorMessages[code], code });
const log = async (by: TestUser, app = t.app) =>
  (await post(app, '/api/admin/log', {}, by.token)).json<ModerationLogResponse>();

describe('roles', () => {
  it('makes the first account of a new site its owner and every later one a member, even when they sign up at once', async () => {
    const fresh = await buildTestApp();
    try {
      const people = await Promise.all(
        Array.from({ length: 5 }, (_, i) => buildUser(fresh.app, { email: `first.${i}@example.com` })),
      );
      const roles = await Promise.all(
        people.map(async (person) => {
          const res = await fresh.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(person.token) });
          return res.json<MyProfileResponse>().role;
        }),
      );
      expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
      expect(roles.filter((role) => role === 'member')).toHaveLength(4);
    } finally {
      await fresh.close();
    }
  });

  it('tells each person their role and what it lets them do', async () => {
    const member = await buildUser(t.app);
    const asSeen = async (user: TestUser) => {
      const { role, standing, can } = (await me(user)).json<MyProfileResponse>();
      return { role, standing, can };
    };
    expect(await asSeen(owner)).toEqual({
      role: 'owner',
      standing: 'active',
      can: { moderate: true, manageSite: true },
    });
    expect(await asSeen(admin)).toMatchObject({ role: 'admin', can: { moderate: true, manageSite: true } });
    expect(await asSeen(moderator)).toMatchObject({ role: 'moderator', can: { moderate: true, manageSite: false } });
    expect(await asSeen(member)).toMatchObject({ role: 'member', can: { moderate: false, manageSite: false } });
  });

  it('lets staff act only below their own rank, and nobody on themselves', async () => {
    const member = await buildUser(t.app);
    // Nobody raises (or changes) their own role.
    expect((await setRole(admin, admin, 'moderator')).json()).toEqual(refusal('role_change_forbidden'));
    expect((await setRole(moderator, moderator, 'admin')).json()).toEqual(refusal('admin_only'));
    // An admin names moderators, not admins; the owner names admins.
    expect((await setRole(admin, member, 'admin')).json()).toEqual(refusal('role_change_forbidden'));
    // The owner is never demoted by a role change, not even by an admin.
    expect((await setRole(admin, owner, 'member')).json()).toEqual(refusal('role_change_forbidden'));
    // A moderator acts on no staff; a member on nobody.
    expect((await setStanding(moderator, admin, 'silenced')).json()).toEqual(refusal('standing_change_forbidden'));
    const other = await buildUser(t.app);
    expect((await setStanding(member, other, 'silenced')).json()).toEqual(refusal('staff_only'));
    expect((await post(t.app, '/api/admin/members', {}, member.token)).statusCode).toBe(403);
    expect((await me(owner)).json<MyProfileResponse>().role).toBe('owner');
  });

  it('lists members with what the viewer may do to each', async () => {
    const member = await buildUser(t.app, { fullname: 'Listed Member' });
    const find = async (by: TestUser, whom: TestUser) => {
      const res = await post(t.app, '/api/admin/members', { query: whom.email }, by.token);
      expect(res.statusCode).toBe(200);
      return res.json<{ members: Member[] }>().members.find((m) => m.username === whom.username)!;
    };
    expect((await find(moderator, member)).can).toEqual({
      roles: [],
      standing: true,
      trust: true,
      transferOwnership: false,
      delete: false,
    });
    expect((await find(admin, member)).can).toEqual({
      roles: ['moderator'],
      standing: true,
      trust: true,
      transferOwnership: false,
      delete: true,
    });
    expect((await find(owner, member)).can).toEqual({
      roles: ['admin', 'moderator'],
      standing: true,
      trust: true,
      transferOwnership: true,
      delete: true,
    });
    expect((await find(admin, owner)).can).toEqual({
      roles: [],
      standing: false,
      trust: false,
      transferOwnership: false,
      delete: false,
    });
  });

  it('hands the site over: the new owner has it, the old one stays an admin, one owner throughout', async () => {
    const fresh = await buildTestApp();
    try {
      const first = await buildUser(fresh.app);
      const second = await buildUser(fresh.app);
      const roleOf = async (user: TestUser) =>
        (
          await fresh.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) })
        ).json<MyProfileResponse>().role;
      const transfer = (by: TestUser, to: TestUser) =>
        post(fresh.app, '/api/admin/transfer-ownership', { username: to.username, reason: 'moving on' }, by.token);
      expect((await transfer(second, first)).json()).toEqual(refusal('admin_only'));
      const res = await transfer(first, second);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ member: Member }>().member).toMatchObject({ username: second.username, role: 'owner' });
      expect([await roleOf(first), await roleOf(second)]).toEqual(['admin', 'owner']);
      expect((await transfer(first, second)).json()).toEqual(refusal('ownership_transfer_forbidden'));
    } finally {
      await fresh.close();
    }
  });
});

describe('standing', () => {
  it('lets a silenced member read but put nothing before others, until restored', async () => {
    const writer = await buildUser(t.app);
    const blogId = await buildBlog(t.app, writer);
    const { _id } = await fetchBlog(t.app, blogId, writer);
    const member = await buildUser(t.app);
    const ownBlog = await buildBlog(t.app, member, { draft: true, title: 'Kept draft' });
    expect((await setStanding(moderator, member, 'silenced', 'spam links')).statusCode).toBe(200);

    const attempts = {
      publish: () => post(t.app, '/api/blog/create-blog', { ...draftBody(), draft: false }, member.token),
      edit: () => post(t.app, '/api/blog/get-blog', { blog_id: ownBlog, draft: true, mode: 'edit' }, member.token),
      comment: () => post(t.app, '/api/comment/add-comment', { _id, comment: 'Buy now' }, member.token),
      like: () => post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false }, member.token),
      follow: () => post(t.app, '/api/user/follow', { username: writer.username, isFollowing: false }, member.token),
      subscribe: () => post(t.app, '/api/user/subscribe', { username: writer.username }, member.token),
      profile: () => post(t.app, '/api/user/update-profile', { username: member.username, bio: 'spam' }, member.token),
      previewLink: () => post(t.app, '/api/blog/preview-link', { blog_id: ownBlog }, member.token),
      linkPreview: () =>
        t.app.inject({
          method: 'GET',
          url: '/api/link-preview?url=https://example.com',
          headers: bearer(member.token),
        }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      // The editor's link tool reads `success: 0` beside the refusal.
      expect([name, res.statusCode, res.json()]).toEqual([
        name,
        403,
        expect.objectContaining(refusal('account_silenced')),
      ]);
    }
    // Reading, and what concerns only themselves, still works.
    expect((await post(t.app, '/api/blog/get-blog', { blog_id: blogId }, member.token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/blog/bookmark', { _id, isBookmarked: false }, member.token)).statusCode).toBe(200);
    expect((await me(member)).json<MyProfileResponse>()).toMatchObject({ standing: 'silenced' });

    expect((await setStanding(moderator, member, 'active', 'appeal granted')).statusCode).toBe(200);
    expect((await attempts.comment()).statusCode).toBe(200);
    expect((await attempts.like()).statusCode).toBe(200);
  });

  it('ends every session of a suspended member at once and refuses their sign-in, until restored', async () => {
    const member = await buildUser(t.app);
    const otherDevice = (
      await post(t.app, '/api/user/signin', { email: member.email, password: member.password })
    ).json<{
      access_token: string;
    }>().access_token;
    expect((await setStanding(moderator, member, 'suspended', 'harassment')).statusCode).toBe(200);
    expect((await me(member)).statusCode).toBe(401);
    expect((await me({ ...member, token: otherDevice })).statusCode).toBe(401);
    const signIn = await post(t.app, '/api/user/signin', { email: member.email, password: member.password });
    expect([signIn.statusCode, signIn.json()]).toEqual([403, refusal('account_suspended')]);
    // A wrong password says only that: a suspension is not told to whoever guesses an e-mail.
    const guess = await post(t.app, '/api/user/signin', { email: member.email, password: 'Wrong1234' });
    expect(guess.statusCode).toBe(401);

    expect((await setStanding(moderator, member, 'active')).statusCode).toBe(200);
    expect((await post(t.app, '/api/user/signin', { email: member.email, password: member.password })).statusCode).toBe(
      200,
    );
  });

  it('refuses a suspended Google account its sign-in', async () => {
    const token = await idp.sign({ sub: 'suspended-google', email: 'suspended.google@gmail.com' });
    const first = await post(t.app, '/api/user/google-auth', { access_token: token });
    expect(first.statusCode).toBe(200);
    const member = { username: first.json<{ username: string }>().username } as TestUser;
    expect((await setStanding(admin, member, 'suspended')).statusCode).toBe(200);
    const again = await post(t.app, '/api/user/google-auth', { access_token: token });
    expect([again.statusCode, again.json()]).toEqual([403, refusal('account_suspended')]);
  });

  it('takes two staff acting on each other at once in turn, never in a deadlock', async () => {
    const pair = await buildUser(t.app);
    expect((await setRole(owner, pair, 'admin')).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        setStanding(owner, pair, round % 2 ? 'active' : 'silenced'),
        setStanding(pair, owner, 'silenced'),
      ]);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 403]);
    }
  });

  it('lets an admin suspend a moderator, never the owner', async () => {
    const mod = await buildUser(t.app);
    expect((await setRole(admin, mod, 'moderator')).statusCode).toBe(200);
    expect((await setStanding(admin, mod, 'silenced')).statusCode).toBe(200);
    expect((await setStanding(admin, owner, 'suspended')).json()).toEqual(refusal('standing_change_forbidden'));
  });
});

describe('hiding a blog', () => {
  const hide = (by: TestUser, blogId: string, reason = '', path = 'hide-blog') =>
    post(t.app, `/api/admin/${path}`, { blog_id: blogId, reason }, by.token);
  const notices = async (user: TestUser) =>
    (await post(t.app, '/notifications', { page: 1 }, user.token))
      .json<{ notifications: AnyNotification[] }>()
      .notifications.filter((n) => n.type === 'moderation');

  it('withholds it from readers, shows its author why, and tells them; unhiding gives it back', async () => {
    const author = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { title: 'Cheap watches here' });
    expect((await hide(moderator, blogId, 'Advertising')).json()).toEqual({ blog_id: blogId, hidden: true });

    expect((await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).statusCode).toBe(404);
    expect((await fetchBlog(t.app, blogId, author)).hidden_reason).toBe('Advertising');
    const dashboard = await post(t.app, '/api/blog/user-written-blogs', { page: 1, draft: false }, author.token);
    expect(dashboard.json().blogs).toMatchObject([{ blog_id: blogId, hidden_reason: 'Advertising' }]);
    expect(await notices(author)).toMatchObject([
      {
        type: 'moderation',
        seen: false,
        moderation: {
          action: 'blog_hide',
          label: 'Cheap watches here',
          detail: 'shown → hidden',
          reason: 'Advertising',
        },
      },
    ]);
    // The notice names no staff member, and nobody but the author hears of it.
    expect(JSON.stringify(await notices(author))).not.toContain(moderator.username);
    expect(JSON.stringify(await notices(admin))).not.toContain('Cheap watches here');

    // Hiding it again changes nothing and tells nobody again.
    expect((await hide(moderator, blogId, 'Again')).statusCode).toBe(200);
    expect(await notices(author)).toHaveLength(1);

    expect((await hide(moderator, blogId, 'Reviewed', 'unhide-blog')).json()).toEqual({
      blog_id: blogId,
      hidden: false,
    });
    expect((await fetchBlog(t.app, blogId)).hidden_reason).toBeNull();
    expect((await notices(author)).map((n) => n.type === 'moderation' && n.moderation.action)).toEqual([
      'blog_unhide',
      'blog_hide',
    ]);
    const lines = (await log(moderator)).entries.filter((entry) => entry.target.id === blogId);
    expect(lines.map(({ actor, action, reason }) => ({ actor, action, reason }))).toEqual([
      { actor: moderator.username, action: 'blog_unhide', reason: 'Reviewed' },
      { actor: moderator.username, action: 'blog_hide', reason: 'Advertising' },
    ]);
  });

  it('mails the member what was done and why, when the site sends mail', async () => {
    const inbox = await startSmtpInbox();
    const site = await buildTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://blog.example.org' });
    try {
      const siteOwner = await buildUser(site.app);
      const author = await buildUser(site.app);
      const blogId = await buildBlog(site.app, author, { title: 'Cheap watches here' });
      const res = await post(
        site.app,
        '/api/admin/hide-blog',
        { blog_id: blogId, reason: 'Advertising' },
        siteOwner.token,
      );
      expect(res.statusCode).toBe(200);
      await site.app.jobs.runDue();
      const mail = await inbox.mailTo(author.email);
      expect(mail.subject).toBe('The staff of Inkwell hid your blog');
      expect(mail.text).toContain('hid your blog “Cheap watches here”: shown → hidden.');
      expect(mail.text).toContain('Reason: “Advertising”');
      expect(mail.text).toContain('https://blog.example.org/dashboard/notification');
      expect(mail.text).not.toContain(siteOwner.username);
    } finally {
      await site.close();
      await inbox.close();
    }
  });

  it('acts only on the blogs of members ranked below, never on a draft', async () => {
    const adminsBlog = await buildBlog(t.app, admin);
    expect((await hide(moderator, adminsBlog)).json()).toEqual(refusal('content_action_forbidden'));
    expect((await hide(moderator, await buildBlog(t.app, moderator))).json()).toEqual(
      refusal('content_action_forbidden'),
    );
    const draft = await buildBlog(t.app, await buildUser(t.app), { draft: true });
    expect((await hide(moderator, draft)).statusCode).toBe(404);
    expect((await hide(moderator, 'no-such-blog')).statusCode).toBe(404);
    expect((await fetchBlog(t.app, adminsBlog)).hidden_reason).toBeNull();
  });
});

describe('the moderation log', () => {
  it('keeps every staff action with who, whom, what and why, newest first, for staff only', async () => {
    const member = await buildUser(t.app);
    await setStanding(moderator, member, 'silenced', 'posting ads');
    await setRole(admin, member, 'moderator', 'helps a lot');
    const { entries } = await log(moderator);
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        actor: admin.username,
        action: 'role',
        target: { type: 'user', id: expect.any(String), label: member.username },
        detail: 'member → moderator',
        reason: 'helps a lot',
      }),
      expect.objectContaining({
        actor: moderator.username,
        action: 'standing',
        detail: 'active → silenced',
        reason: 'posting ads',
      }),
    ]);
    expect((await post(t.app, '/api/admin/log', {}, (await buildUser(t.app)).token)).statusCode).toBe(403);
  });
});

describe('who may join', () => {
  it('refuses every way of making an account while registration is closed, and lets members in', async () => {
    const existingGoogle = await idp.sign({ sub: 'google-before-closing', email: 'before.closing@gmail.com' });
    expect((await post(t.app, '/api/user/google-auth', { access_token: existingGoogle })).statusCode).toBe(200);
    const member = await buildUser(t.app);

    const close = await post(t.app, '/api/admin/update-settings', { registration: 'closed' }, admin.token);
    expect(close.json().settings).toMatchObject({ registration: 'closed', youngAccountLimits: false });
    expect((await post(t.app, '/api/admin/update-settings', { registration: 'open' }, moderator.token)).json()).toEqual(
      refusal('admin_only'),
    );

    const attempts = {
      signUp: () =>
        post(t.app, '/api/user/signup', { fullname: 'New Person', email: member.email, password: 'Abc12345' }),
      google: async () => post(t.app, '/api/user/google-auth', { access_token: await idp.sign() }),
      firebase: async () => post(t.app, '/api/user/google-auth', { access_token: await idp.signFirebase() }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      // Sign-up with a taken e-mail is refused as closed too: a closed site does not say who is a member.
      expect([name, res.statusCode, res.json()]).toEqual([name, 403, refusal('registration_closed')]);
    }
    expect((await post(t.app, '/api/user/signin', { email: member.email, password: member.password })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/api/user/google-auth', { access_token: existingGoogle })).statusCode).toBe(200);

    await post(t.app, '/api/admin/update-settings', { registration: 'open', reason: 'wave over' }, admin.token);
    expect((await attempts.google()).statusCode).toBe(200);
    expect((await log(admin)).entries[0]).toMatchObject({
      action: 'settings',
      detail: 'registration: closed → open',
      reason: 'wave over',
    });
  });

  const registration = (mode: string) =>
    post(t.app, '/api/admin/update-settings', { registration: mode, reason: '' }, admin.token);
  const config = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json().registration;
  const signUp = (email: string, extra: object = {}) =>
    post(t.app, '/api/user/signup', { fullname: 'New Person', email, password: 'Abc12345', ...extra });
  const signIn = (email: string) => post(t.app, '/api/user/signin', { email, password: 'Abc12345' });

  it('takes applications where the staff approve who joins, on every way in, and makes the account an admin approves', async () => {
    expect((await registration('approval')).statusCode).toBe(200);
    expect(await config()).toBe('approval');
    const email = `applicant.${Date.now()}@example.com`;
    expect((await signUp(email)).json()).toEqual(refusal('application_reason_required'));
    const applied = await signUp(email, { reason: 'I write about fells' });
    expect([applied.statusCode, applied.json().status]).toEqual([202, 'applied']);
    expect((await signUp(email, { reason: 'Again' })).json()).toEqual(refusal('application_pending'));
    expect((await signIn(email)).statusCode).toBe(401);
    const googleApplied = await post(t.app, '/api/user/google-auth', {
      access_token: await idp.sign({ sub: `apply-${Date.now()}`, email: `g.${Date.now()}@gmail.com` }),
      reason: 'Me too',
    });
    expect(googleApplied.statusCode).toBe(202);
    const firebase = await post(t.app, '/api/user/google-auth', { access_token: await idp.signFirebase() });
    expect(firebase.json()).toEqual(refusal('application_reason_required'));

    const { applications } = (
      await post(t.app, '/api/admin/applications', {}, admin.token)
    ).json<ApplicationsResponse>();
    const mine = applications.find((a) => a.email === email)!;
    expect(mine).toMatchObject({ fullname: 'New Person', reason: 'I write about fells', method: 'password' });
    expect(applications.find((a) => a.reason === 'Me too')).toMatchObject({ method: 'google' });
    expect((await post(t.app, '/api/admin/applications', {}, moderator.token)).json()).toEqual(refusal('admin_only'));

    const decide = (id: string, approve: boolean) =>
      post(t.app, '/api/admin/decide-application', { id, approve, reason: 'Welcome' }, admin.token);
    const approved = (await decide(mine._id, true)).json();
    expect(approved).toMatchObject({ approved: true });
    expect((await decide(mine._id, false)).json()).toEqual(refusal('application_not_found'));
    // The account is the one asked for: the password chosen when applying signs in.
    expect((await signIn(email)).json().username).toBe(approved.username);
    expect((await log(admin)).entries[0]).toMatchObject({
      action: 'application_approve',
      target: { label: approved.username },
    });
    await registration('open');
  });

  it('lets in whoever holds a usable invitation link where joining is by invitation, each use once', async () => {
    const { token, invite } = (
      await post(t.app, '/api/admin/create-invite', { note: 'For the fell club', days: 7, maxUses: 2 }, admin.token)
    ).json<CreateInviteResponse>();
    expect(invite).toMatchObject({
      note: 'For the fell club',
      maxUses: 2,
      uses: 0,
      usable: true,
      createdBy: admin.username,
    });
    expect((await registration('invite')).statusCode).toBe(200);
    const stamp = Date.now();
    expect((await signUp(`no.invite.${stamp}@example.com`)).json()).toEqual(refusal('invite_required'));
    expect((await signUp(`bad.invite.${stamp}@example.com`, { invite: 'not-a-token' })).json()).toEqual(
      refusal('invite_invalid'),
    );
    // Three sign-ups at once with a link good for two: two accounts.
    const tries = await Promise.all(
      [1, 2, 3].map((n) => signUp(`invited.${n}.${stamp}@example.com`, { invite: token })),
    );
    expect(tries.map((res) => res.statusCode).sort()).toEqual([200, 200, 403]);
    const google = await post(t.app, '/api/user/google-auth', { access_token: await idp.sign(), invite: token });
    expect(google.json()).toEqual(refusal('invite_invalid'));
    const { invites } = (await post(t.app, '/api/admin/invites', {}, admin.token)).json<InvitesResponse>();
    expect(invites.find((i) => i._id === invite._id)).toMatchObject({ uses: 2, usable: false });

    const second = (await post(t.app, '/api/admin/create-invite', {}, admin.token)).json<CreateInviteResponse>();
    expect(
      (await post(t.app, '/api/admin/revoke-invite', { id: second.invite._id }, admin.token)).json().invite,
    ).toMatchObject({
      usable: false,
    });
    expect((await signUp(`revoked.${stamp}@example.com`, { invite: second.token })).json()).toEqual(
      refusal('invite_invalid'),
    );
    await registration('open');
  });
});

describe('young accounts', () => {
  // The spam-wave switch turns the defence on by itself.
  it.each(['youngAccountLimits', 'spamWave'])(
    'get a fifth of each per-account limit for their first day, where the site says so (%s)',
    async (setting) => {
      const single = await buildTestApp();
      try {
        const siteOwner = await buildUser(single.app);
        const [young, old] = [await buildUser(single.app), await buildUser(single.app)];
        await single.app.db.execute(
          sql`update users set joined_at = now() - interval '2 days' where username = ${old.username}`,
        );
        const blog = await fetchBlog(single.app, await buildBlog(single.app, siteOwner));
        const likes = async (user: TestUser, times: number) => {
          const statuses = [];
          for (let i = 0; i < times; i++)
            statuses.push(
              (await post(single.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: i % 2 === 1 }, user.token))
                .statusCode,
            );
          return statuses;
        };
        const turn = (on: boolean) =>
          post(single.app, '/api/admin/update-settings', { [setting]: on }, siteOwner.token);
        expect((await turn(true)).json().settings).toMatchObject({ [setting]: true });
        // The like limit is 30 a minute: 6 for an account of today, all 30 for one of the day before yesterday.
        expect(await likes(young, 7)).toEqual([200, 200, 200, 200, 200, 200, 429]);
        expect((await likes(old, 7)).every((status) => status === 200)).toBe(true);
        await turn(false);
        expect(await likes(young, 1)).toEqual([200]);
      } finally {
        await single.close();
      }
    },
  );
});

describe('npm run admin', () => {
  it('names an owner on a site that has none, and says so at start-up until then', async () => {
    const fresh = await buildTestApp();
    const { db } = fresh.app;
    const roleOf = async (user: TestUser) =>
      (
        await fresh.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) })
      ).json<MyProfileResponse>().role;
    try {
      const first = await buildUser(fresh.app);
      const second = await buildUser(fresh.app);
      expect(await ownerlessLine(db)).toBeUndefined();
      // A site older than roles: accounts, and no owner among them.
      await db.update(users).set({ role: 'member' });
      expect(await ownerlessLine(db)).toBe(
        'inkwell: this site has no owner yet: name one with `npm run admin -- owner <email>`',
      );

      expect(await runAdminCommand(db, ['owner', second.email])).toBe(
        `${second.username} (${second.email}) is now owner`,
      );
      expect(await ownerlessLine(db)).toBeUndefined();
      await expect(runAdminCommand(db, ['member', second.email])).rejects.toThrow(/is the owner: name another owner/);
      // Naming another owner hands the site over: the old owner stays on as an admin.
      await runAdminCommand(db, ['owner', first.email]);
      expect([await roleOf(first), await roleOf(second)]).toEqual(['owner', 'admin']);
      expect((await log(first, fresh.app)).entries[0]).toMatchObject({
        actor: 'npm run admin',
        action: 'transfer_ownership',
        detail: `${second.username} → ${first.username}`,
      });

      await expect(runAdminCommand(db, ['king', first.email])).rejects.toThrow(/usage: npm run admin/);
      await expect(runAdminCommand(db, ['admin', 'nobody@example.com'])).rejects.toThrow(/No account/);
    } finally {
      await fresh.close();
    }
  });
});

function draftBody() {
  return {
    title: 'Silenced words',
    banner: '',
    des: '',
    content: [{ time: 1, version: '2.31.0', blocks: [{ id: 'p', type: 'paragraph', data: { text: 'x' } }] }],
    tags: [],
    draft: true,
  };
}

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  VerificationMessages,
  type MyProfileResponse,
  type SiteSettingsResponse,
  type UpdateSiteSettingsBody,
} from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { hashToken } from './tokens.ts';

let inbox: SmtpInbox;
let idp: GoogleIdp;
let t: TestApp;
let owner: TestUser;
/** A published blog of the owner's, made before any defence was on: what members comment on. */
let blog: { _id: string; blog_id: string };
beforeAll(async () => {
  inbox = await startSmtpInbox();
  idp = await startGoogleIdp();
  t = await buildTestApp({
    ...idp.env,
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'http://blog.example.com',
    RATE_LIMIT_MULTIPLIER: '1',
  });
  owner = await buildUser(t.app, { fullname: 'Owen Owner' });
  blog = await fetchBlog(t.app, await buildBlog(t.app, owner));
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await inbox.close();
});

const settings = (changes: Partial<UpdateSiteSettingsBody>, app = t.app, admin = owner) =>
  post(app, '/api/admin/update-settings', changes, admin.token);
const me = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) })).json<MyProfileResponse>();
const publish = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  post(t.app, '/api/blog/create-blog', publishableBlog(overrides), user.token);
const comment = (user: TestUser, words = 'Lovely read.') =>
  post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: words }, user.token);
const verify = (token: string) => post(t.app, '/api/user/verify-email', { token });
const refusal = (code: keyof typeof ErrorMessages) => ({ error: ErrorMessages[code], code });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** The first mail to `email` with this subject, once it has arrived (mail leaves after the answer). */
async function mailAbout(email: string, subject: string) {
  for (;;) {
    const mail = inbox.mails.find((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
    if (mail) return mail;
    await sleep(20);
  }
}

/** The token of the confirmation link mailed to `email` at sign-up. */
async function mailedToken(email: string): Promise<string> {
  const mail = await mailAbout(email, 'Confirm your e-mail address on Inkwell');
  const link = /http:\/\/blog\.example\.com\/verify-email\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

const linksOf = async (user: TestUser) =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from email_verifications v join users u on u.id = v.user_id where u.username = ${user.username}`,
    )
  )[0]!.n;

describe('the setting', () => {
  it('is refused where the server sends no mail, and then holds for nobody, spam wave or not', async () => {
    const mailless = await buildTestApp();
    try {
      const admin = await buildUser(mailless.app);
      const read = await mailless.app.inject({
        method: 'GET',
        url: '/api/admin/settings',
        headers: bearer(admin.token),
      });
      expect(read.json<SiteSettingsResponse>().canMail).toBe(false);
      const refused = await settings({ emailVerification: true }, mailless.app, admin);
      expect([refused.statusCode, refused.json()]).toEqual([400, refusal('mail_not_configured')]);
      expect(
        (await settings({ spamWave: true }, mailless.app, admin)).json<SiteSettingsResponse>().settings,
      ).toMatchObject({ emailVerification: false, spamWave: true });
      // A wave turns every defence on, but this one cannot hold: nobody here could ever confirm.
      const member = await buildUser(mailless.app);
      expect((await post(mailless.app, '/api/blog/create-blog', publishableBlog(), member.token)).statusCode).toBe(200);
    } finally {
      await mailless.close();
    }
  });

  it('is taken where the server sends mail, and says so', async () => {
    const turned = await settings({ emailVerification: true, reason: 'spam' });
    expect(turned.statusCode).toBe(200);
    expect(turned.json<SiteSettingsResponse>()).toMatchObject({ settings: { emailVerification: true }, canMail: true });
    await settings({ emailVerification: false });
  });
});

describe('a member who signed up with a password, while the site asks for confirmed addresses', () => {
  beforeAll(async () => {
    expect((await settings({ emailVerification: true, spamWave: false })).statusCode).toBe(200);
  });

  it('is mailed a link, may only save drafts until they follow it, then publishes and comments', async () => {
    const member = await buildUser(t.app, { fullname: 'Nina Newcomer' });
    const token = await mailedToken(member.email);
    expect((await me(member)).emailUnverified).toBe(true);

    for (const res of [await publish(member), await publish(member, { publishAt: inAnHour() }), await comment(member)])
      expect([res.statusCode, res.json()]).toEqual([403, refusal('email_unverified')]);

    // Writers never lose a word: a draft saves, and its schedule may be taken back, but not set.
    const draft = await publish(member, { draft: true, title: 'Waiting words' });
    expect(draft.statusCode).toBe(200);
    const blog_id = draft.json<{ id: string }>().id;
    expect((await post(t.app, '/api/blog/schedule', { blog_id, publishAt: null }, member.token)).statusCode).toBe(200);
    for (const [url, body] of [
      ['/api/blog/schedule', { blog_id, publishAt: inAnHour() }],
      ['/api/blog/publish-now', { blog_id }],
      ['/api/blog/preview-link', { blog_id }],
    ] as const) {
      const res = await post(t.app, url, body, member.token);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, refusal('email_unverified')]);
    }

    const followed = await verify(token);
    expect([followed.statusCode, followed.json()]).toEqual([200, { message: VerificationMessages.confirmed }]);
    expect((await me(member)).emailUnverified).toBe(false);
    expect((await publish(member)).statusCode).toBe(200);
    expect((await post(t.app, '/api/blog/publish-now', { blog_id }, member.token)).statusCode).toBe(200);
    expect((await comment(member)).statusCode).toBe(200);
    expect(await linksOf(member)).toBe(0);
  });

  it('keeps only the SHA-256 of the link, which works once and for a day', async () => {
    const member = await buildUser(t.app);
    const first = await mailedToken(member.email);
    const [row] = await queryRows<{ token_hash: string; hours: number }>(
      t.app.db,
      sql`select token_hash, extract(epoch from expires_at - now()) / 3600 as hours from email_verifications where token_hash = ${hashToken(first)}`,
    );
    expect(row?.token_hash).toBe(hashToken(first));
    expect(Number(row!.hours)).toBeGreaterThan(23.9);
    expect(Number(row!.hours)).toBeLessThanOrEqual(24);

    // A second link, asked for from the editor; following either one uses up both.
    expect((await post(t.app, '/api/user/resend-verification', {}, member.token)).json()).toEqual({
      message: VerificationMessages.linkMailed,
    });
    expect(await linksOf(member)).toBe(2);
    expect((await verify(first)).statusCode).toBe(200);
    const again = await verify(first);
    expect([again.statusCode, again.json()]).toEqual([400, refusal('verification_link_invalid')]);
    expect(await linksOf(member)).toBe(0);
    const resent = await post(t.app, '/api/user/resend-verification', {}, member.token);
    expect([resent.statusCode, resent.json()]).toEqual([409, refusal('email_already_verified')]);
  });

  it('refuses an expired, an unknown and a malformed link, and confirms nobody with them', async () => {
    const member = await buildUser(t.app);
    const token = await mailedToken(member.email);
    await t.app.db.execute(
      sql`update email_verifications set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    for (const link of [token, randomBytes(32).toString('base64url'), 'not-a-token', `${token}x`]) {
      const res = await verify(link);
      expect([res.statusCode, res.json()]).toEqual([400, refusal('verification_link_invalid')]);
    }
    expect((await me(member)).emailUnverified).toBe(true);
  });

  it('is mailed a new link when they ask, a few times an hour at most', async () => {
    const member = await buildUser(t.app);
    await mailedToken(member.email);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post(t.app, '/api/user/resend-verification', {}, member.token)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const resend = await post(t.app, '/api/user/resend-verification', {});
    expect(resend.statusCode).toBe(401);
  });

  it('confirms the address by following a password reset link too', async () => {
    const member = await buildUser(t.app);
    await mailedToken(member.email);
    expect((await post(t.app, '/api/user/forgot-password', { email: member.email })).statusCode).toBe(200);
    const mail = await mailAbout(member.email, 'Reset your Inkwell password');
    const reset = /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect((await post(t.app, '/api/user/reset-password', { token: reset, password: 'Brand9New' })).statusCode).toBe(
      200,
    );
    const session = await post(t.app, '/api/user/signin', { email: member.email, password: 'Brand9New' });
    const signedIn = { ...member, token: session.json<{ access_token: string }>().access_token };
    expect((await me(signedIn)).emailUnverified).toBe(false);
  });

  it('is not asked of a Google account whose token says Google verified the address', async () => {
    const res = await post(t.app, '/api/user/google-auth', {
      access_token: await idp.sign({ email: 'grace.verified@gmail.com', email_verified: true }),
    });
    expect(res.statusCode).toBe(200);
    const google = { token: res.json<{ access_token: string }>().access_token } as TestUser;
    expect((await me(google)).emailUnverified).toBe(false);
    expect((await publish(google)).statusCode).toBe(200);
    expect((await comment(google)).statusCode).toBe(200);
  });

  it('is asked of an approved applicant with a password, not of one with Google', async () => {
    await settings({ registration: 'approval' });
    try {
      const email = `applicant.${randomBytes(3).toString('hex')}@example.com`;
      const applied = await post(t.app, '/api/user/signup', {
        fullname: 'Ada Applicant',
        email,
        password: 'Secret123',
        reason: 'I write about fells',
      });
      expect(applied.statusCode).toBe(202);
      const googleEmail = `g.${email}`;
      const googleApplied = await post(t.app, '/api/user/google-auth', {
        access_token: await idp.sign({ email: googleEmail }),
        reason: 'Me too',
      });
      expect(googleApplied.statusCode).toBe(202);
      const { applications } = (await post(t.app, '/api/admin/applications', {}, owner.token)).json<{
        applications: { _id: string; email: string }[];
      }>();
      for (const address of [email, googleEmail]) {
        const id = applications.find((a) => a.email === address)!._id;
        expect(
          (await post(t.app, '/api/admin/decide-application', { id, approve: true }, owner.token)).statusCode,
        ).toBe(200);
      }
      const verifiedAt = await queryRows<{ email: string; verified: boolean }>(
        t.app.db,
        sql`select email, email_verified_at is not null as verified from users where email in (${email}, ${googleEmail}) order by email`,
      );
      expect(verifiedAt).toEqual([
        { email, verified: false },
        { email: googleEmail, verified: true },
      ]);
    } finally {
      await settings({ registration: 'open' });
    }
  });
});

describe('the spam-wave switch', () => {
  it('asks for confirmed addresses on its own, and lifting it asks no more', async () => {
    expect((await settings({ emailVerification: false, spamWave: true })).statusCode).toBe(200);
    const member = await buildUser(t.app);
    const token = await mailedToken(member.email);
    expect((await me(member)).emailUnverified).toBe(true);
    expect((await comment(member)).json()).toEqual(refusal('email_unverified'));

    await settings({ spamWave: false });
    expect((await me(member)).emailUnverified).toBe(false);
    expect((await comment(member)).statusCode).toBe(200);
    // The link still confirms the address once the wave is over.
    expect((await verify(token)).statusCode).toBe(200);
  });
});

describe('with the setting off', () => {
  it('changes nothing: no link is mailed, and an unconfirmed member publishes and comments', async () => {
    expect((await settings({ emailVerification: false, spamWave: false })).statusCode).toBe(200);
    const member = await buildUser(t.app);
    expect(await linksOf(member)).toBe(0);
    const [row] = await queryRows<{ verified: boolean }>(
      t.app.db,
      sql`select email_verified_at is not null as verified from users where username = ${member.username}`,
    );
    expect(row!.verified).toBe(false);
    expect((await me(member)).emailUnverified).toBe(false);
    expect((await publish(member)).statusCode).toBe(200);
    expect((await comment(member)).statusCode).toBe(200);
  });
});

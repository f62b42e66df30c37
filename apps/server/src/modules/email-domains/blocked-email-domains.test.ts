import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorMessages,
  type ApplicationsResponse,
  type BlockedEmailDomainsResponse,
  type CreateInviteResponse,
  type ModerationLogResponse,
} from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';

let idp: GoogleIdp;
let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp({ ...idp.env, ...idp.firebaseEnv });
  admin = await buildUser(t.app, { fullname: 'Ada Admin' });
  moderator = await buildUser(t.app);
  await post(t.app, '/api/admin/member/role', { username: moderator.username, role: 'moderator' }, admin.token);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const refusal = (code: keyof typeof ErrorMessages) => ({ error: ErrorMessages[code], code });
const blocked = refusal('email_domain_blocked');
/** A domain no other test uses (the sign-up rules want a two- or three-letter suffix). */
const freshDomain = () => `spam${uniqueId()}.net`;

const block = (domain: string, reason = 'Spam wave', as = admin) =>
  post(t.app, '/api/admin/block-email-domain', { domain, reason }, as.token);
const unblock = (domain: string, as = admin) =>
  post(t.app, '/api/admin/unblock-email-domain', { domain, reason: 'Over' }, as.token);
const list = async () =>
  (await post(t.app, '/api/admin/blocked-email-domains', { page: 1 }, admin.token)).json<BlockedEmailDomainsResponse>();
const signUp = (email: string, extra: object = {}) =>
  post(t.app, '/api/user/signup', { fullname: 'New Person', email, password: 'Abc12345', ...extra });
const google = (email: string, extra: object = {}) =>
  idp.sign({ email }).then((token) => post(t.app, '/api/user/google-auth', { access_token: token, ...extra }));
const firebase = (email: string) =>
  idp.signFirebase({ email }).then((token) => post(t.app, '/api/user/google-auth', { access_token: token }));
const registration = (mode: string) => post(t.app, '/api/admin/update-settings', { registration: mode }, admin.token);
const latestLog = async () =>
  (await post(t.app, '/api/admin/log', {}, admin.token)).json<ModerationLogResponse>().entries[0];

describe('the admins’ list', () => {
  it('blocks a domain typed as a domain or an address on it, lists it, logs it, and unblocks it', async () => {
    const domain = freshDomain();
    const res = await block(`Someone@${domain.toUpperCase()}`, 'Throwaway addresses');
    expect([res.statusCode, res.json()]).toEqual([200, { domain }]);
    expect((await list()).domains[0]).toEqual({
      domain,
      reason: 'Throwaway addresses',
      createdBy: admin.username,
      createdAt: expect.any(String),
    });
    expect(await latestLog()).toMatchObject({
      actor: admin.username,
      action: 'email_domain_block',
      target: { type: 'domain', id: domain, label: domain },
      detail: 'allowed → blocked',
      reason: 'Throwaway addresses',
    });
    expect((await block(domain)).json()).toEqual(refusal('domain_already_blocked'));

    expect((await unblock(domain)).json()).toEqual({ domain });
    expect((await list()).domains.map((d) => d.domain)).not.toContain(domain);
    expect(await latestLog()).toMatchObject({ action: 'email_domain_unblock', detail: 'blocked → allowed' });
    const again = await unblock(domain);
    expect([again.statusCode, again.json()]).toEqual([404, refusal('domain_not_blocked')]);
    expect((await signUp(`back.${uniqueId()}@${domain}`)).statusCode).toBe(200);
  });

  it('refuses what names no domain, and anyone below admin', async () => {
    for (const typed of ['', 'not a domain', 'localhost', 'someone@'])
      expect([typed, (await block(typed)).json()]).toEqual([typed, refusal('domain_invalid')]);
    const member = await buildUser(t.app);
    for (const as of [moderator, member]) {
      expect((await block(freshDomain(), 'x', as)).json()).toEqual(refusal('admin_only'));
      expect((await post(t.app, '/api/admin/blocked-email-domains', {}, as.token)).json()).toEqual(
        refusal('admin_only'),
      );
    }
  });
});

describe('a blocked domain', () => {
  it('refuses sign-up, Google and Firebase sign-ups from it and its subdomains, and nothing beside it', async () => {
    const domain = freshDomain();
    expect((await block(domain)).statusCode).toBe(200);
    for (const [name, res] of [
      ['sign-up', await signUp(`jo.${uniqueId()}@${domain}`)],
      ['sign-up, any case', await signUp(`jo.${uniqueId()}@${domain.toUpperCase()}`)],
      ['sign-up from a subdomain', await signUp(`jo.${uniqueId()}@mail.${domain}`)],
      ['Google', await google(`jo.${uniqueId()}@${domain}`)],
      ['Firebase', await firebase(`jo.${uniqueId()}@eu.${domain}`)],
    ] as const)
      expect([name, res.statusCode, res.json()]).toEqual([name, 403, blocked]);
    // A domain that only ends the same way, or that the blocked one is under, is another domain.
    expect((await signUp(`jo.${uniqueId()}@not${domain}`)).statusCode).toBe(200);
    expect((await signUp(`jo.${uniqueId()}@${domain}.uk`)).statusCode).toBe(200);
  });

  it('refuses applications and invitations from it, and an approval of one made before the block', async () => {
    const domain = freshDomain();
    const early = `early.${uniqueId()}@${domain}`;
    expect((await registration('approval')).statusCode).toBe(200);
    try {
      expect((await signUp(early, { reason: 'Before the block' })).statusCode).toBe(202);
      expect((await block(domain)).statusCode).toBe(200);
      for (const res of [
        await signUp(`late.${uniqueId()}@${domain}`, { reason: 'After it' }),
        await google(`late.${uniqueId()}@${domain}`, { reason: 'After it' }),
      ])
        expect([res.statusCode, res.json()]).toEqual([403, blocked]);

      const { applications } = (
        await post(t.app, '/api/admin/applications', {}, admin.token)
      ).json<ApplicationsResponse>();
      const id = applications.find((a) => a.email === early)!._id;
      const approve = await post(t.app, '/api/admin/decide-application', { id, approve: true }, admin.token);
      expect([approve.statusCode, approve.json()]).toEqual([403, blocked]);
      // Still there to reject.
      const reject = await post(t.app, '/api/admin/decide-application', { id, approve: false }, admin.token);
      expect(reject.json()).toEqual({ approved: false, username: null });

      const { token } = (
        await post(t.app, '/api/admin/create-invite', { maxUses: 1 }, admin.token)
      ).json<CreateInviteResponse>();
      expect((await registration('invite')).statusCode).toBe(200);
      const invited = await signUp(`invited.${uniqueId()}@${domain}`, { invite: token });
      expect([invited.statusCode, invited.json()]).toEqual([403, blocked]);
      // The refusal did not use the invitation (good for one account) up.
      expect((await signUp(`invited.${uniqueId()}@example.com`, { invite: token })).statusCode).toBe(200);
    } finally {
      await registration('open');
    }
  });

  it('refuses a visitor’s subscription from it, not a member already in', async () => {
    const domain = freshDomain();
    const author = await buildUser(t.app);
    await buildBlog(t.app, author);
    const member = await buildUser(t.app, { email: `member.${uniqueId()}@${domain}` });
    expect((await block(domain)).statusCode).toBe(200);

    const visitor = await post(t.app, '/api/user/subscribe', {
      username: author.username,
      email: `reader.${uniqueId()}@news.${domain}`,
    });
    expect([visitor.statusCode, visitor.json()]).toEqual([403, blocked]);
    expect(
      (
        await post(t.app, '/api/user/subscribe', {
          username: author.username,
          email: `reader.${uniqueId()}@example.com`,
        })
      ).statusCode,
    ).toBe(200);

    // Members already in keep signing in, writing and subscribing.
    expect((await post(t.app, '/api/user/signin', { email: member.email, password: member.password })).statusCode).toBe(
      200,
    );
    expect((await buildBlog(t.app, member)).length).toBeGreaterThan(0);
    expect((await post(t.app, '/api/user/subscribe', { username: author.username }, member.token)).statusCode).toBe(
      200,
    );
  });
});

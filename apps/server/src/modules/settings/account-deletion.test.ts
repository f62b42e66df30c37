import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELETE_CONFIRMATION_MAX_AGE_SECONDS,
  DELETED_MEMBER,
  ErrorMessages,
  type Comment,
  type FixedErrorCode,
} from '@inkwell/contracts';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { userIdOf } from '../../test/federation-instance.ts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';

let idp: GoogleIdp;
let t: TestApp;
let owner: TestUser;
/** How far the app's clock is ahead of the real one (the Google tokens' `iat` is real time). */
let ahead = 0;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp(idp.env, undefined, () => new Date(Date.now() + ahead));
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const refusal = (code: FixedErrorCode) => ({ error: ErrorMessages[code], code });
const deleteAccount = (token: string, body: object) => post(t.app, '/api/account/delete', body, token);
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const googleMember = async (sub: string) => {
  const res = await post(t.app, '/api/user/google-auth', { access_token: await idp.sign({ sub }) });
  return res.json<{ access_token: string; username: string }>();
};

describe('POST /api/account/delete', () => {
  it('asks for the password, refuses a wrong one and changes nothing, then deletes the account', async () => {
    const member = await buildUser(t.app);
    expect((await me(member.token)).json()).toMatchObject({ hasPassword: true });
    expect((await deleteAccount(member.token, {})).json()).toEqual(refusal('password_confirmation_required'));
    const wrong = await deleteAccount(member.token, { password: 'Wrong1234' });
    expect([wrong.statusCode, wrong.json()]).toEqual([403, refusal('delete_wrong_password')]);
    expect((await me(member.token)).statusCode).toBe(200);

    const res = await deleteAccount(member.token, { password: member.password });
    expect([res.statusCode, res.json()]).toEqual([200, { deleted: true }]);
    expect((await me(member.token)).statusCode).toBe(401);
    const profile = await post(t.app, '/api/user/get-profile', { username: member.username });
    expect(profile.statusCode).toBe(404);
  });

  it('is for a signed-in member, silenced ones too', async () => {
    expect((await post(t.app, '/api/account/delete', { password: 'Secret123' })).statusCode).toBe(401);
    const member = await buildUser(t.app);
    const silence = { username: member.username, standing: 'silenced', reason: 'Spam' };
    expect((await post(t.app, '/api/admin/member/standing', silence, owner.token)).statusCode).toBe(200);
    expect((await deleteAccount(member.token, { password: member.password })).json()).toEqual({ deleted: true });
  });

  it('refuses the site’s owner, who must hand the site over first', async () => {
    const res = await deleteAccount(owner.token, { password: owner.password });
    expect([res.statusCode, res.json()]).toEqual([409, refusal('owner_cannot_leave')]);
    expect((await me(owner.token)).statusCode).toBe(200);
  });

  it('slows down password guesses, as sign-in does', async () => {
    const member = await buildUser(t.app);
    for (let i = 0; i < 10; i++)
      expect((await deleteAccount(member.token, { password: `Wrong${i}123` })).statusCode).toBe(403);
    const res = await deleteAccount(member.token, { password: member.password });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited' });
    expect((await me(member.token)).statusCode).toBe(200);
  });

  it('confirms an account made with Google by a fresh Google sign-in of that same account', async () => {
    const member = await googleMember('google-leaver');
    expect((await me(member.access_token)).json()).toMatchObject({ hasPassword: false });
    const refused = async (body: object, code: FixedErrorCode) =>
      expect((await deleteAccount(member.access_token, body)).json()).toEqual(refusal(code));
    await refused({ password: 'Secret123' }, 'google_confirmation_required');
    await refused({ credential: await idp.sign({ sub: 'someone-else' }) }, 'google_confirmation_failed');
    await refused(
      { credential: await idp.sign({ sub: 'google-leaver' }, { untrustedKey: true }) },
      'google_confirmation_failed',
    );
    await refused({ credential: 'not-a-token' }, 'google_confirmation_failed');
    // A sign-in older than the few minutes allowed is not proof it is them now.
    const stale = await idp.sign({ sub: 'google-leaver' });
    ahead = (DELETE_CONFIRMATION_MAX_AGE_SECONDS + 60) * 1000;
    try {
      await refused({ credential: stale }, 'google_confirmation_failed');
    } finally {
      ahead = 0;
    }
    expect((await me(member.access_token)).statusCode).toBe(200);

    const res = await deleteAccount(member.access_token, { credential: await idp.sign({ sub: 'google-leaver' }) });
    expect(res.json()).toEqual({ deleted: true });
    expect((await me(member.access_token)).statusCode).toBe(401);
  });
});

describe('a comment whose writer left', () => {
  it('takes replies that notify nobody, cannot be reported, and its blog’s author may still delete it', async () => {
    const [author, leaver, reader] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
    const blog = await fetchBlog(t.app, await buildBlog(t.app, author), author);
    const left = await buildComment(t.app, leaver, blog, { comment: 'Soon gone.' });
    await buildComment(t.app, author, blog, { comment: 'Stay!', replying_to: left._id });
    expect((await deleteAccount(leaver.token, { password: leaver.password })).statusCode).toBe(200);

    const reply = await post(
      t.app,
      '/api/comment/add-comment',
      { _id: blog._id, comment: 'Too late', replying_to: left._id },
      reader.token,
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json<Comment>().can.delete).toBe(true);
    // Nobody is there to be told: the reply made no notification at all.
    const readerId = await userIdOf(t, reader);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, readerId))).toEqual([]);
    const reported = await post(
      t.app,
      '/api/report',
      { target: { type: 'comment', comment_id: left._id }, reason: 'spam' },
      reader.token,
    );
    expect(reported.json()).toEqual(refusal('comment_not_found'));

    const [shown] = (await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id }, author.token)).json<
      Comment[]
    >();
    expect(shown).toMatchObject({
      comment: DELETED_MEMBER,
      children: expect.any(Array),
      can: { delete: true },
    });
    expect(shown!.children).toHaveLength(2);
    const deleted = await post(t.app, '/api/comment/delete-comment', { _id: left._id }, author.token);
    expect(deleted.json()).toMatchObject({ total_comments: 0, total_parent_comments: 0 });
  });
});

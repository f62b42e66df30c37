import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ErrorMessages, Messages } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, post } from '../../test/factories.ts';
import { hashToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('answers the session of docs/product/data.md with a username from the e-mail and a generated avatar', async () => {
    const res = await post(t.app, '/api/user/signup', {
      fullname: 'Ada Lovelace',
      email: 'Ada.L@Example.com',
      password: 'Secret123',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'fullname',
      'new_notification_available',
      'profile_img',
      'username',
    ]);
    expect(body).toMatchObject({ fullname: 'Ada Lovelace', username: 'ada.l', new_notification_available: false });
    const avatar = await t.app.inject(body.profile_img);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
  });

  it('makes usernames unique and e-mails unique whatever their case', async () => {
    const a = await buildUser(t.app, { email: 'sam@one.com' });
    const b = await buildUser(t.app, { email: 'sam@two.com' });
    expect(a.username).toBe('sam');
    expect(b.username).toBe('sam1');
    const dup = await post(t.app, '/api/user/signup', {
      fullname: 'Sam Again',
      email: 'SAM@ONE.COM',
      password: 'Secret123',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ error: ErrorMessages.email_taken, code: 'email_taken' });
  });

  it.each([
    [{ fullname: 'Al', email: 'a@b.com', password: 'Secret123' }, Messages.fullnameTooShort, 'fullname_too_short'],
    [{ fullname: 'Alan', email: ' ', password: 'Secret123' }, Messages.enterEmail, 'email_required'],
    [{ fullname: 'Alan', email: 'alan@b', password: 'Secret123' }, Messages.emailInvalid, 'email_invalid'],
    [{ fullname: 'Alan', email: 'alan@b.com', password: 'secret123' }, Messages.passwordRule, 'password_invalid'],
    [{ fullname: 'Alan', email: 'alan@b.com', password: 'Sec1' }, Messages.passwordRule, 'password_invalid'],
    [
      { fullname: 'Alan', email: 'alan@b.com', password: 'Secret123456789012345' },
      Messages.passwordRule,
      'password_invalid',
    ],
    // A field left out is an empty one.
    [{}, Messages.fullnameTooShort, 'fullname_too_short'],
    [{ fullname: 'Alan' }, Messages.enterEmail, 'email_required'],
    [{ fullname: 'Alan', email: 'alan@b.com' }, Messages.passwordRule, 'password_invalid'],
  ])('refuses %j with the rule of docs/product/rules.md', async (body, message, code) => {
    const res = await post(t.app, '/api/user/signup', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code });
  });

  it('refuses wrong types with a 400 naming the field', async () => {
    const res = await post(t.app, '/api/user/signup', { fullname: 42, email: [], password: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'fullname must be text', code: 'validation_failed' });
  });

  it('asks for the e-mail of a sign-in or a reset that leaves it out', async () => {
    for (const url of ['/api/user/signin', '/api/user/forgot-password']) {
      const res = await post(t.app, url, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: Messages.enterEmail, code: 'email_required' });
    }
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const user = await buildUser(t.app);
    const res = await post(t.app, '/api/user/signin', { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, fullname: user.fullname });
    expect(res.json().access_token).not.toBe(user.token);
  });

  it('says the same thing for an unknown e-mail and a wrong password', async () => {
    const user = await buildUser(t.app);
    const wrong = await post(t.app, '/api/user/signin', { email: user.email, password: 'Wrong1234' });
    const unknown = await post(t.app, '/api/user/signin', { email: 'nobody@example.com', password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual({ error: ErrorMessages.wrong_credentials, code: 'wrong_credentials' });
    expect(unknown.json()).toEqual({ error: ErrorMessages.wrong_credentials, code: 'wrong_credentials' });
  });

  it('revokes the token on sign-out and refuses it afterwards', async () => {
    const user = await buildUser(t.app);
    const out = await post(t.app, '/api/user/signout', {}, user.token);
    expect(out.statusCode).toBe(200);
    const again = await post(t.app, '/api/user/signout', {}, user.token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });

  it('answers 401 for a missing, malformed or unknown token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      bearer('x'.repeat(5000)),
      bearer('A'.repeat(43)),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/signout', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
    }
  });
});

describe('session activity', () => {
  const lastUsed = async (token: string) => {
    const [row] = await queryRows<{ last_used_at: string }>(
      t.app.db,
      sql`select last_used_at::text from sessions where token_hash = ${hashToken(token)}`,
    );
    return row!.last_used_at;
  };
  const use = async (token: string) =>
    expect((await post(t.app, '/api/user/isliked-by-user', { _id: randomUUID() }, token)).statusCode).not.toBe(401);

  it('records use at most every few minutes, so signed-in reads do not each write', async () => {
    const user = await buildUser(t.app);
    const first = await lastUsed(user.token);
    for (let i = 0; i < 3; i++) await use(user.token);
    expect(await lastUsed(user.token)).toBe(first);

    await t.app.db.execute(
      sql`update sessions set last_used_at = now() - interval '6 minutes' where token_hash = ${hashToken(user.token)}`,
    );
    const stale = await lastUsed(user.token);
    await use(user.token);
    expect(Date.parse(await lastUsed(user.token))).toBeGreaterThan(Date.parse(stale) + 5 * 60_000);
  });
});

describe('failed sign-ins per account', () => {
  const attempt = (email: string, password: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      payload: { email, password },
      remoteAddress: `10.7.0.${i}`,
    });

  it('stops an account after 10 failures from any address, even with the right password', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 10; i++) expect((await attempt(user.email, 'Wrong1234', i)).statusCode).toBe(401);
    const blocked = await attempt(user.email.toUpperCase(), user.password, 10);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(
      new RegExp(`^${AuthMessages.tooManySignIns}\\. Please try again in \\d+ minutes\\.$`),
    );
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('forgets the failures once the owner signs in', async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 9; i++) await attempt(user.email, 'Wrong1234', i);
    expect((await attempt(user.email, user.password, 9)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attempt(user.email, 'Wrong1234', i)).statusCode).toBe(401);
  });
});

describe('Google sign-in when no client id is configured', () => {
  it('answers the Google failure message', async () => {
    const res = await post(t.app, '/api/user/google-auth', { access_token: 'a.b.c' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.googleFailed, code: 'google_sign_in_failed' });
  });
});

describe('password reset without SMTP', () => {
  it('still answers forgot-password (the mail goes to the server log)', async () => {
    const user = await buildUser(t.app);
    const res = await post(t.app, '/api/user/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AuthMessages.resetMailSent });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthMessages, ErrorMessages, Messages } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, post } from '../../test/factories.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { hashToken } from './tokens.ts';

let inbox: SmtpInbox;
let t: TestApp;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await buildTestApp({
    SMTP_URL: inbox.url,
    PUBLIC_URL: 'http://blog.example.com',
    MAIL_FROM: 'Inkwell <no-reply@inkwell.test>',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const forgot = (email: string, host = 'localhost:3000') =>
  t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email }, headers: { host } });
const resetWith = (token: string, password: string) => post(t.app, '/api/user/reset-password', { token, password });

/** Asks for a reset and answers the token from the link in the mail that arrives. */
async function mailedToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  const mail = await inbox.mailTo(email);
  const link = /http:\/\/blog\.example\.com\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return link![1]!;
}

describe('forgot-password', () => {
  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await buildUser(t.app);
    const unknown = await forgot('nobody.here@example.com');
    const known = await forgot(user.email.toUpperCase());
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: AuthMessages.resetMailSent });
    expect(unknown.json()).toEqual(known.json());

    const mail = await inbox.mailTo(user.email);
    expect(mail.subject).toBe('Reset your Inkwell password');
    expect(mail.text).toContain('http://blog.example.com/reset-password/');
    expect(mail.text).toContain('60 minutes');
    expect(inbox.mails.some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);
  });

  it('links to PUBLIC_URL whatever Host the request names, so a stranger cannot aim the link at their own site', async () => {
    const user = await buildUser(t.app);
    expect((await forgot(user.email, 'attacker.example')).statusCode).toBe(200);
    const mail = await inbox.mailTo(user.email);
    expect(mail.text).toMatch(/http:\/\/blog\.example\.com\/reset-password\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).not.toContain('attacker.example');
  });

  it('keeps only the SHA-256 of the token', async () => {
    const user = await buildUser(t.app);
    const token = await mailedToken(user.email);
    const rows = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from password_resets`);
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(hashToken(token));
    expect(hashes).not.toContain(token);
  });

  it('checks the e-mail with the sign-up rules', async () => {
    for (const [email, message, code] of [
      [' ', Messages.enterEmail, 'email_required'],
      ['not-an-email', Messages.emailInvalid, 'email_invalid'],
    ]) {
      const res = await forgot(email!);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code });
    }
  });
});

describe('reset-password', () => {
  it('sets the new password from the mailed link and signs every device out', async () => {
    const user = await buildUser(t.app);
    const token = await mailedToken(user.email);
    const res = await resetWith(token, 'Brand9New');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AuthMessages.passwordResetDone });

    expect((await post(t.app, '/api/user/signout', {}, user.token)).statusCode).toBe(401);
    const old = await post(t.app, '/api/user/signin', { email: user.email, password: user.password });
    expect(old.json()).toEqual({ error: ErrorMessages.wrong_credentials, code: 'wrong_credentials' });
    const fresh = await post(t.app, '/api/user/signin', { email: user.email, password: 'Brand9New' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().username).toBe(user.username);
  });

  it('works once: a used link, and the other links of the account, are refused', async () => {
    const user = await buildUser(t.app);
    const first = await mailedToken(user.email);
    inbox.mails.length = 0;
    const second = await mailedToken(user.email);
    expect((await resetWith(second, 'Another1')).statusCode).toBe(200);
    for (const token of [second, first]) {
      const again = await resetWith(token, 'ThirdOne1');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: ErrorMessages.reset_link_invalid, code: 'reset_link_invalid' });
    }
  });

  it('refuses a link older than an hour', async () => {
    const user = await buildUser(t.app);
    const token = await mailedToken(user.email);
    await t.app.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${hashToken(token)}`,
    );
    const res = await resetWith(token, 'Brand9New');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ErrorMessages.reset_link_invalid, code: 'reset_link_invalid' });
    // The old password still works.
    expect((await post(t.app, '/api/user/signin', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('applies the password rule of sign-up and keeps the link usable after a refusal', async () => {
    const user = await buildUser(t.app);
    const token = await mailedToken(user.email);
    const weak = await resetWith(token, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: Messages.passwordRule, code: 'password_invalid' });
    expect((await resetWith(token, 'Strong1x')).statusCode).toBe(200);
  });

  it('refuses made-up and malformed tokens', async () => {
    for (const token of ['A'.repeat(43), 'short', '../../etc/passwd']) {
      const res = await resetWith(token, 'Brand9New');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: ErrorMessages.reset_link_invalid, code: 'reset_link_invalid' });
    }
    expect((await post(t.app, '/api/user/reset-password', { token: 7 })).statusCode).toBe(400);
  });
});

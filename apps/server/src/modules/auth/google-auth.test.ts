import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, Messages } from '@inkwell/contracts';
import { startGoogleIdp, type GoogleIdp } from '../../test/google-idp.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, post } from '../../test/factories.ts';

let idp: GoogleIdp;
let t: TestApp;
/** The same IdP, and Firebase tokens of its project accepted too (FIREBASE_PROJECT_ID). */
let withFirebase: TestApp;
beforeAll(async () => {
  idp = await startGoogleIdp();
  t = await buildTestApp({ ...idp.env, GOOGLE_SCRIPT_URL: `${idp.url}/gsi/client` });
  withFirebase = await buildTestApp({ ...idp.env, ...idp.firebaseEnv });
});
afterAll(async () => {
  await t.close();
  await withFirebase.close();
  await idp.close();
});

const googleAuth = (accessToken: string, app = t.app) =>
  post(app, '/api/user/google-auth', { access_token: accessToken });

describe('Google sign-in', () => {
  it('creates the account from a valid ID token, with the name and picture it carries', async () => {
    const token = await idp.sign({ email: 'Grace.H@gmail.com', name: 'Grace Hopper' });
    const res = await googleAuth(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'fullname',
      'new_notification_available',
      'profile_img',
      'username',
    ]);
    expect(body).toMatchObject({
      username: 'grace.h',
      fullname: 'Grace Hopper',
      profile_img: 'https://lh3.googleusercontent.com/a/local-idp-picture',
      new_notification_available: false,
    });
    // The session works on (A) endpoints.
    expect((await post(t.app, '/api/user/signout', {}, body.access_token)).statusCode).toBe(200);
  });

  it('signs the same Google account in again by its sub, even when its e-mail changed', async () => {
    const first = (await googleAuth(await idp.sign({ sub: 'sub-returning', email: 'old.address@gmail.com' }))).json();
    const again = await googleAuth(await idp.sign({ sub: 'sub-returning', email: 'new.address@gmail.com' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().username).toBe(first.username);
    expect(again.json().access_token).not.toBe(first.access_token);
  });

  it('falls back to a generated avatar when the picture is not an https URL', async () => {
    const res = await googleAuth(await idp.sign({ picture: 'javascript:alert(1)' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_img).toBe(`http://localhost:80/api/avatar/${res.json().username}.svg`);
  });

  it('never links a password account by e-mail alone', async () => {
    const user = await buildUser(t.app);
    const res = await googleAuth(await idp.sign({ email: user.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ErrorMessages.google_email_taken, code: 'google_email_taken' });
  });

  it('refuses an unverified e-mail', async () => {
    const res = await googleAuth(await idp.sign({ email_verified: false }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ErrorMessages.google_email_unverified, code: 'google_email_unverified' });
  });

  it.each([
    ['a wrong audience', () => idp.sign({}, { audience: 'someone-elses-client' })],
    ['an expired token', () => idp.sign({}, { expiresIn: -60 })],
    ['a bad signature', () => idp.sign({}, { untrustedKey: true })],
    ['a wrong issuer', () => idp.sign({}, { issuer: 'https://evil.example.com' })],
    ['a token that is not a JWT', async () => 'not-a-token'],
  ])('refuses %s with the Google failure message', async (_case, makeToken) => {
    const res = await googleAuth(await makeToken());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.googleFailed, code: 'google_sign_in_failed' });
  });

  it('tells a Google account that tries a password to continue with Google', async () => {
    const email = 'only.google@gmail.com';
    expect((await googleAuth(await idp.sign({ email }))).statusCode).toBe(200);
    const res = await post(t.app, '/api/user/signin', { email, password: 'Secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ErrorMessages.google_account_sign_in, code: 'google_account_sign_in' });
  });

  it('refuses a Google account whose e-mail belongs to another Google account', async () => {
    await googleAuth(await idp.sign({ sub: 'sub-one', email: 'shared@gmail.com' }));
    const res = await googleAuth(await idp.sign({ sub: 'sub-two', email: 'shared@gmail.com' }));
    expect(res.statusCode).toBe(409);
  });

  it('tells the web app the client id and where to load Google Identity Services from, and lets CSP allow it', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.json()).toEqual({
      googleClientId: idp.clientId,
      googleScriptUrl: `${idp.url}/gsi/client`,
      registration: 'open',
      proofOfWork: false,
    });
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(scriptSrc).toEqual(["'self'", 'https://accounts.google.com/gsi/client', idp.url]);
  });
});

describe('Google sign-in through Firebase (FIREBASE_PROJECT_ID)', () => {
  const firebaseAuth = (accessToken: string) => googleAuth(accessToken, withFirebase.app);

  it('signs a Google account in with a Firebase ID token, keyed by the Google sub it carries', async () => {
    const res = await firebaseAuth(await idp.signFirebase({ email: 'ada.firebase@gmail.com', name: 'Ada Lovelace' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'ada.firebase',
      fullname: 'Ada Lovelace',
      profile_img: 'https://lh3.googleusercontent.com/a/local-idp-picture',
    });
    expect((await post(withFirebase.app, '/api/user/signout', {}, res.json().access_token)).statusCode).toBe(200);
  });

  it('lands one Google account on one Inkwell account through GIS and through Firebase, either way first', async () => {
    const viaGis = (
      await firebaseAuth(await idp.sign({ sub: 'google-sub-both', email: 'both.ways@gmail.com' }))
    ).json();
    const viaFirebase = await firebaseAuth(
      await idp.signFirebase({ email: 'both.ways@gmail.com' }, { googleSub: 'google-sub-both' }),
    );
    expect(viaFirebase.statusCode).toBe(200);
    expect(viaFirebase.json().username).toBe(viaGis.username);

    const firstFirebase = (
      await firebaseAuth(await idp.signFirebase({ email: 'other.way@gmail.com' }, { googleSub: 'google-sub-other' }))
    ).json();
    // Each token here has a new Firebase user id (its sub); only the Google sub may decide the account.
    const againFirebase = await firebaseAuth(
      await idp.signFirebase({ email: 'other.way@gmail.com' }, { googleSub: 'google-sub-other' }),
    );
    const thenGis = await firebaseAuth(await idp.sign({ sub: 'google-sub-other', email: 'other.way@gmail.com' }));
    expect([againFirebase.json().username, thenGis.json().username]).toEqual([
      firstFirebase.username,
      firstFirebase.username,
    ]);
  });

  it('refuses an unverified e-mail', async () => {
    const res = await firebaseAuth(await idp.signFirebase({ email_verified: false }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ErrorMessages.google_email_unverified, code: 'google_email_unverified' });
  });

  it.each([
    ['a wrong audience', () => idp.signFirebase({}, { audience: 'someone-elses-project' })],
    [
      'another project as issuer',
      () => idp.signFirebase({}, { issuer: 'https://securetoken.google.com/someone-elses-project' }),
    ],
    ['a wrong issuer', () => idp.signFirebase({}, { issuer: 'https://evil.example.com' })],
    ['an expired token', () => idp.signFirebase({}, { expiresIn: -60 })],
    ['a bad signature', () => idp.signFirebase({}, { untrustedKey: true })],
    ['a password sign-in of an account linked to Google', () => idp.signFirebase({}, { provider: 'password' })],
    [
      'a GIS-signed token under the Firebase issuer',
      () =>
        idp.sign(
          {},
          { issuer: `https://securetoken.google.com/${idp.firebaseProjectId}`, audience: idp.firebaseProjectId },
        ),
    ],
  ])('refuses %s with the Google failure message', async (_case, makeToken) => {
    const res = await firebaseAuth(await makeToken());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.googleFailed, code: 'google_sign_in_failed' });
  });

  it('refuses Firebase tokens when FIREBASE_PROJECT_ID is not set', async () => {
    const res = await googleAuth(await idp.signFirebase());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.googleFailed, code: 'google_sign_in_failed' });
  });
});

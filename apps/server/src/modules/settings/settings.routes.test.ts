import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages, Messages, SettingsMessages } from '@inkwell/contracts';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, post, type TestUser, uploadImage } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { createSession } from '../auth/sessions.repository.ts';
import { insertUser } from '../users/users.repository.ts';

const PUBLIC_URL = 'https://blog.example.org';
/** Outside images for update-profile-img, served on localhost (which FETCH_ALLOW_HOSTS lets the fetcher reach). */
const served = new Map<string, { type: string; body: Buffer }>();
const fetched: string[] = [];
let imageHost: LocalServer;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL, FETCH_ALLOW_HOSTS: 'localhost' });
  // The site's first account is its owner; the accounts of these tests are members.
  await buildUser(t.app, { fullname: 'Site Owner' });
  imageHost = await startLocalServer((req, res) => {
    fetched.push(req.url!);
    const file = served.get(req.url!);
    if (file) res.writeHead(200, { 'content-type': file.type }).end(file.body);
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  await imageHost.close();
  await t.close();
});

const me = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
const noLinks = { instagram: '', facebook: '', twitter: '', website: '', linkedin: '', github: '' };
let names = 0;
const freshName = () => `writer_${Date.now().toString(36)}.${names++}`;

describe('GET /api/user/me', () => {
  it('answers the own profile with the e-mail, and 401 without a session', async () => {
    const user = await buildUser(t.app, { fullname: 'Mary Shelley' });
    const res = await me(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      personal_info: {
        fullname: 'Mary Shelley',
        username: user.username,
        email: user.email,
        profile_img: user.session.profile_img,
        bio: '',
      },
      social_links: noLinks,
      role: 'member',
      standing: 'active',
      can: { moderate: false, manageSite: false },
      emailUnverified: false,
      hasPassword: true,
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });
});

describe('POST /api/user/update-profile', () => {
  it('changes username, bio and links only, and answers the new username', async () => {
    const user = await buildUser(t.app, { fullname: 'Percy Shelley' });
    const username = freshName();
    const social_links = {
      ...noLinks,
      github: 'https://github.com/percy',
      twitter: ' https://x.com/percy ',
      website: 'https://percy.example.org/about',
    };
    const res = await post(
      t.app,
      '/api/user/update-profile',
      { username, bio: 'Poet.', social_links, fullname: 'Hacked Name', email: 'hacked@example.com', total_posts: 99 },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username });
    expect((await me(user)).json()).toEqual({
      personal_info: {
        fullname: 'Percy Shelley',
        username,
        email: user.email,
        profile_img: user.session.profile_img,
        bio: 'Poet.',
      },
      social_links: { ...social_links, twitter: 'https://x.com/percy' },
      role: 'member',
      standing: 'active',
      can: { moderate: false, manageSite: false },
      emailUnverified: false,
      hasPassword: true,
    });
    // The new name signs in the old way and the session follows it.
    const signin = await post(t.app, '/api/user/signin', { email: user.email, password: user.password });
    expect(signin.json().username).toBe(username);
  });

  it.each([
    ['ab', '', Messages.usernameTooShort, 'username_too_short'],
    ['  ab  ', '', Messages.usernameTooShort, 'username_too_short'],
    ['a'.repeat(31), '', SettingsMessages.usernameTooLong, 'username_too_long'],
    ['has space', '', SettingsMessages.usernameCharacters, 'username_invalid_characters'],
    ['émile', '', SettingsMessages.usernameCharacters, 'username_invalid_characters'],
    ['fine_name', 'x'.repeat(151), Messages.bioTooLong, 'bio_too_long'],
    // docs/product/rules.md order: the username is checked before the bio.
    ['ab', 'x'.repeat(151), Messages.usernameTooShort, 'username_too_short'],
  ])(
    'refuses username %j with bio of %#, answering the message of docs/product/rules.md',
    async (username, bio, message, code) => {
      const user = await buildUser(t.app);
      const res = await post(t.app, '/api/user/update-profile', { username, bio, social_links: noLinks }, user.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message, code });
      expect((await me(user)).json().personal_info.username).toBe(user.username);
    },
  );

  it('accepts a bio of exactly 150 characters and a 30-character username with _ and .', async () => {
    const user = await buildUser(t.app);
    const username = `a._${Date.now().toString(36)}`.padEnd(30, 'z');
    const res = await post(t.app, '/api/user/update-profile', { username, bio: 'b'.repeat(150) }, user.token);
    expect(res.statusCode).toBe(200);
    expect((await me(user)).json().personal_info).toMatchObject({ username, bio: 'b'.repeat(150) });
  });

  it('refuses a username another user holds, whatever its case, with 409', async () => {
    const holder = await buildUser(t.app);
    const user = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/update-profile',
      { username: holder.username.toUpperCase(), bio: '' },
      user.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ErrorMessages.username_taken, code: 'username_taken' });
  });

  it('lets a user keep their own username or change only its case', async () => {
    const user = await buildUser(t.app);
    expect(
      (await post(t.app, '/api/user/update-profile', { username: user.username, bio: 'same' }, user.token)).statusCode,
    ).toBe(200);
    const upper = user.username.toUpperCase();
    const res = await post(t.app, '/api/user/update-profile', { username: upper, bio: 'same' }, user.token);
    expect(res.json()).toEqual({ username: upper });
  });

  it('gives a name two users race for to exactly one of them', async () => {
    const racers = await Promise.all([1, 2, 3, 4].map(() => buildUser(t.app)));
    const username = freshName();
    const results = await Promise.all(
      racers.map((r) => post(t.app, '/api/user/update-profile', { username, bio: '' }, r.token)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    for (const loser of results.filter((r) => r.statusCode === 409))
      expect(loser.json()).toEqual({ error: ErrorMessages.username_taken, code: 'username_taken' });
  });

  it.each([
    ['instagram', 'https://www.instagram.com/me'],
    ['instagram', 'https://instagram.com/me'],
    ['facebook', 'https://m.facebook.com/me'],
    ['twitter', 'https://twitter.com/me'],
    ['twitter', 'https://x.com/me'],
    ['linkedin', 'https://www.linkedin.com/in/me'],
    ['github', 'https://github.com/me'],
    ['website', 'https://blog.example.com/'],
  ])('accepts %s link %s', async (network, url) => {
    const user = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/update-profile',
      { username: user.username, social_links: { [network]: url } },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(user)).json().social_links[network]).toBe(url);
  });

  it.each([
    ['instagram', 'http://instagram.com/me', 'Instagram'],
    ['instagram', 'https://instagram.com.evil.example/me', 'Instagram'],
    ['facebook', 'https://notfacebook.com/me', 'Facebook'],
    ['twitter', 'https://github.com/me', 'Twitter'],
    ['linkedin', 'javascript:alert(1)', 'LinkedIn'],
    ['github', 'github.com/me', 'GitHub'],
    ['website', 'http://example.com', 'Website'],
    ['website', 'not a url', 'Website'],
  ])('refuses %s link %s with a 400 naming the field', async (network, url, label) => {
    const user = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/update-profile',
      { username: user.username, social_links: { [network]: url } },
      user.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(new RegExp(`^${label} link must be an https://`));
    expect(res.json().code).toBe('social_link_invalid');
  });

  it('answers 400 for wrong types and 401 without a session', async () => {
    const user = await buildUser(t.app);
    const wrong = await post(t.app, '/api/user/update-profile', { username: 42 }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'username must be text', code: 'validation_failed' });
    const missing = await post(t.app, '/api/user/update-profile', {}, user.token);
    expect(missing.json()).toEqual({ error: Messages.usernameTooShort, code: 'username_too_short' });
    const anonymous = await post(t.app, '/api/user/update-profile', { username: 'someone' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/user/update-profile-img', () => {
  const uploadPicture = async (user: TestUser, app = t.app) =>
    (await uploadImage(app, user, await fixtureImage('png'))).url;
  const changeImg = (user: TestUser, url: string, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/user/update-profile-img',
      payload: { url },
      headers: { ...bearer(user.token), ...headers },
    });
  const pictureOf = async (user: TestUser) => (await me(user)).json().personal_info.profile_img as string;

  it('makes an image this server stored the profile picture, in later sign-ins too', async () => {
    const user = await buildUser(t.app);
    const url = await uploadPicture(user);
    const res = await changeImg(user, url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profile_img: url });
    expect(await pictureOf(user)).toBe(url);
    expect(
      (await post(t.app, '/api/user/signin', { email: user.email, password: user.password })).json().profile_img,
    ).toBe(url);
  });

  it.each([
    ['PUBLIC_URL', (path: string) => `${PUBLIC_URL}${path}`, {}],
    ['the address asked', (path: string) => `http://inkwell.test:8080${path}`, { host: 'inkwell.test:8080' }],
    [
      'the address asked, spelt otherwise',
      (path: string) => `HTTP://Inkwell.TEST:8080${path}`,
      { host: 'inkwell.test:8080' },
    ],
  ])('takes the absolute URL of one of our uploads on %s as ours', async (_site, absolute, headers) => {
    const user = await buildUser(t.app);
    const { pathname } = new URL(await uploadPicture(user));
    const res = await changeImg(user, absolute(pathname), headers);
    // Answered on PUBLIC_URL whatever address it came as: it was taken for the upload it names.
    expect([res.statusCode, res.json()]).toEqual([200, { profile_img: `${PUBLIC_URL}${pathname}` }]);
    expect(await pictureOf(user)).toBe(`${PUBLIC_URL}${pathname}`);
  });

  it('copies an outside image once into our store, re-encoded, and makes the copy the picture', async () => {
    served.set('/avatar.jpg', { type: 'image/jpeg', body: await fixtureImage('jpeg', 90, 90) });
    const user = await buildUser(t.app);
    fetched.length = 0;
    const res = await changeImg(user, `${imageHost.url}/avatar.jpg`);
    expect(res.statusCode, res.body).toBe(200);
    const { profile_img } = res.json();
    expect(profile_img).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f]{64}\\.jpg$`));
    expect(fetched).toEqual(['/avatar.jpg']);
    expect(await pictureOf(user)).toBe(profile_img);
    const stored = await t.app.inject(new URL(profile_img).pathname);
    expect(stored.statusCode).toBe(200);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 90, height: 90 });
  });

  it.each([
    ['not an image', '/page.png', 'Only PNG, JPEG, WebP and GIF images can be uploaded', 'unsupported_image_type'],
    ['too big', '/huge.png', 'The file is too large (max 10 MB)', 'file_too_large'],
    ['missing', '/missing.png', 'The address answered with status 404', 'fetch_failed'],
  ])('refuses an outside address whose answer is %s with 400 and says why', async (_name, path, error, code) => {
    served.set('/page.png', { type: 'image/png', body: Buffer.from('<!doctype html><p>not a picture</p>') });
    served.set('/huge.png', { type: 'image/png', body: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const user = await buildUser(t.app);
    const res = await changeImg(user, `${imageHost.url}${path}`);
    expect([res.statusCode, res.json()]).toEqual([400, { error, code }]);
    expect(await pictureOf(user)).toBe(user.session.profile_img);
  });

  it('refuses an unreachable, private or non-web address with 400 and says why', async () => {
    const closed = await startLocalServer(() => undefined);
    await closed.close();
    const user = await buildUser(t.app);
    for (const [url, error] of [
      [`${closed.url}/gone.png`, 'The address could not be fetched'],
      ['http://127.0.0.1/x.png', 'This address cannot be fetched'],
      ['http://10.0.0.1/x.png', 'This address cannot be fetched'],
      ['http://169.254.169.254/latest/meta-data/', 'This address cannot be fetched'],
      ['javascript:alert(1)', 'Only http and https addresses can be fetched'],
      ['a picture of me', 'The address is not a valid URL'],
    ]) {
      const res = await changeImg(user, url!);
      expect([res.statusCode, res.json()], url).toEqual([400, { error, code: 'fetch_failed' }]);
    }
    expect(await pictureOf(user)).toBe(user.session.profile_img);
  });

  it.each([
    `/uploads/${'0'.repeat(64)}.png`,
    `${PUBLIC_URL}/uploads/${'0'.repeat(64)}.png`,
    '/api/avatar/someone.svg',
    `${PUBLIC_URL}/api/avatar/someone.svg`,
  ])('refuses %s, an address of ours where no upload is', async (url) => {
    const user = await buildUser(t.app);
    const res = await changeImg(user, url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ErrorMessages.image_not_stored, code: 'image_not_stored' });
    expect(await pictureOf(user)).toBe(user.session.profile_img);
  });

  it('counts each copy of an outside image against the uploads of the hour', async () => {
    served.set('/small.png', { type: 'image/png', body: await fixtureImage('png', 8, 8) });
    const limited = await buildTestApp({ FETCH_ALLOW_HOSTS: 'localhost', RATE_LIMIT_MULTIPLIER: '0.05' });
    try {
      const user = await buildUser(limited.app);
      const own = await uploadPicture(user, limited.app);
      for (let i = 0; i < 2; i++)
        expect((await changeImg(user, `${imageHost.url}/small.png`, {}, limited.app)).statusCode).toBe(200);
      const refused = await changeImg(user, `${imageHost.url}/small.png`, {}, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^Too many uploads\. Please try again in /);
      expect(refused.json().code).toBe('rate_limited');
      // Choosing an image already stored is no upload, and what is no address at all is refused as before.
      expect((await changeImg(user, own, {}, limited.app)).statusCode).toBe(200);
      expect((await changeImg(user, 'javascript:alert(1)', {}, limited.app)).json()).toEqual({
        error: 'Only http and https addresses can be fetched',
        code: 'fetch_failed',
      });
    } finally {
      await limited.close();
    }
  });

  it('answers 401 without a session', async () => {
    expect((await post(t.app, '/api/user/update-profile-img', { url: '/uploads/x.png' })).statusCode).toBe(401);
  });
});

describe('POST /api/user/change-password', () => {
  const change = (user: TestUser, body: object, token = user.token) =>
    post(t.app, '/api/user/change-password', body, token);

  it.each([
    [{ currentPassword: '', newPassword: 'Secret456' }, Messages.fillAllFields, 'fields_required'],
    [{ currentPassword: 'Secret123', newPassword: '' }, Messages.fillAllFields, 'fields_required'],
    [{}, Messages.fillAllFields, 'fields_required'],
    [{ currentPassword: 'secret123', newPassword: 'Secret456' }, Messages.passwordRule, 'password_invalid'],
    [{ currentPassword: 'Secret123', newPassword: 'Sec1' }, Messages.passwordRule, 'password_invalid'],
    [
      { currentPassword: 'Secret123', newPassword: 'Secret4567890123456789' },
      Messages.passwordRule,
      'password_invalid',
    ],
  ])('refuses %j with the message of docs/product/rules.md', async (body, message, code) => {
    const user = await buildUser(t.app);
    const res = await change(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code });
  });

  it('refuses a wrong current password with 403 and keeps the old one', async () => {
    const user = await buildUser(t.app);
    const res = await change(user, { currentPassword: 'Wrong1234', newPassword: 'Secret456' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: ErrorMessages.wrong_current_password, code: 'wrong_current_password' });
    expect((await post(t.app, '/api/user/signin', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('sets the new password and signs out every other session, keeping this one', async () => {
    const user = await buildUser(t.app);
    const other = (await post(t.app, '/api/user/signin', { email: user.email, password: user.password })).json()
      .access_token as string;
    const res = await change(user, { currentPassword: user.password, newPassword: 'Changed456' });
    expect(res.statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await me(user)).statusCode).toBe(200);

    const oldPassword = await post(t.app, '/api/user/signin', { email: user.email, password: user.password });
    expect(oldPassword.statusCode).toBe(401);
    expect((await post(t.app, '/api/user/signin', { email: user.email, password: 'Changed456' })).statusCode).toBe(200);
  });

  it('tells a Google-only account it has no password to change', async () => {
    const google = await insertUser(t.app.db, {
      username: freshName(),
      fullname: 'Google Person',
      email: `google.${Date.now()}@example.com`,
      passwordHash: null,
      googleSub: `sub-${Date.now()}`,
      profileImg: '/api/avatar/google.svg',
    });
    const token = await createSession(t.app.db, google.id, 1);
    const res = await post(
      t.app,
      '/api/user/change-password',
      { currentPassword: 'Secret123', newPassword: 'Secret456' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: ErrorMessages.google_account_password_change,
      code: 'google_account_password_change',
    });
  });

  it('limits attempts per user with 429 and Retry-After', async () => {
    const user = await buildUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await change(user, { currentPassword: 'Wrong1234', newPassword: 'Secret456' })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    const limited = await change(user, { currentPassword: user.password, newPassword: 'Secret456' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/^Too many password change attempts/);
    expect(limited.json().code).toBe('rate_limited');
    // Another user is not affected.
    const other = await buildUser(t.app);
    expect((await change(other, { currentPassword: other.password, newPassword: 'Secret456' })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await post(t.app, '/api/user/change-password', {
      currentPassword: 'Secret123',
      newPassword: 'Secret456',
    });
    expect(res.statusCode).toBe(401);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserProfile } from '@inkwell/contracts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post } from '../../test/factories.ts';
import { fakeWebDist, metaContent } from '../../test/web-dist.ts';
import { insertUser } from '../users/users.repository.ts';

let t: TestApp;
beforeAll(async () => {
  // No PUBLIC_URL: share tags use the address the request came to.
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
});
afterAll(() => t.close());

const getProfile = (username: unknown) => post(t.app, '/api/user/get-profile', { username });
const searchUsers = async (query: string) => {
  const res = await post(t.app, '/api/user/search-users', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users as { personal_info: { fullname: string; username: string; profile_img: string } }[];
};
const usernames = async (query: string) => (await searchUsers(query)).map((u) => u.personal_info.username);
const suffix = () => randomBytes(4).toString('hex');

/** Many users fast: straight into the table, as sign-up would leave them (no password needed here). */
const addUser = (username: string, fullname: string) =>
  insertUser(t.app.db, {
    username,
    fullname,
    email: `${username}@example.com`,
    profileImg: `/api/avatar/${username}.svg`,
  });

describe('get-profile', () => {
  it('answers the public profile: personal info, counts of published blogs and reads, links, joinedAt, _id', async () => {
    const user = await buildUser(t.app, { fullname: 'Ada Lovelace' });
    const blogId = await buildBlog(t.app, user);
    await buildBlog(t.app, user);
    await buildBlog(t.app, user, { draft: true });
    await post(t.app, '/api/blog/get-blog', { blog_id: blogId });
    await t.app.readCounts.flush();
    await post(
      t.app,
      '/api/user/update-profile',
      { username: user.username, bio: 'Poetical science.', social_links: { github: 'https://github.com/ada' } },
      user.token,
    );

    const res = await getProfile(user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(UserProfile.strict().safeParse(profile).success).toBe(true);
    expect(profile).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      personal_info: {
        fullname: 'Ada Lovelace',
        username: user.username,
        profile_img: user.session.profile_img,
        bio: 'Poetical science.',
      },
      account_info: { total_posts: 2, total_reads: 1, total_followers: 0, total_following: 0 },
      social_links: {
        instagram: '',
        facebook: '',
        twitter: '',
        website: '',
        linkedin: '',
        github: 'https://github.com/ada',
      },
      joinedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(profile.joinedAt)).toBeLessThan(60_000);
  });

  it('answers 404 for an unknown or blank username and 400 for a malformed body', async () => {
    for (const username of ['no-such-user-anywhere', '', '   ', '%', "' or 1=1 --"]) {
      const res = await getProfile(username);
      expect(res.statusCode, username).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found', code: 'user_not_found' });
    }
    expect((await getProfile(42)).statusCode).toBe(400);
  });
});

describe('search-users', () => {
  it('matches usernames and full names by prefix, exact username first, personal_info only', async () => {
    const s = suffix();
    await addUser(`marble${s}x`, 'Someone Else');
    await addUser(`marble${s}`, 'Exact Match');
    await addUser(`other${s}`, `Marble${s} Cutter`);
    const found = await searchUsers(`MARBLE${s}`);
    expect(found.map((u) => u.personal_info.username)).toEqual([`marble${s}`, `marble${s}x`, `other${s}`]);
    for (const user of found)
      expect(Object.keys(user.personal_info).sort()).toEqual(['fullname', 'profile_img', 'username']);
    expect(Object.keys(found[0]!)).toEqual(['personal_info']);
    // A later word of the full name, by its start.
    expect(await usernames(`cutt`)).toContain(`other${s}`);
  });

  it('forgives typos in usernames and full names', async () => {
    const s = suffix();
    await addUser(`margaret_${s}`, 'Margaret Hamilton');
    await addUser(`ghopper${s}`, 'Grace Hopper');
    expect(await usernames('margret')).toContain(`margaret_${s}`);
    expect(await usernames('hamiltn')).toContain(`margaret_${s}`);
    expect(await usernames('Grace Hoper')).toContain(`ghopper${s}`);
  });

  it('finds a name by the starts of its words, in any order', async () => {
    const s = suffix();
    await addUser(`zq${s}`, 'Zenobia Quartermaine');
    expect(await usernames('qua zen')).toContain(`zq${s}`);
    expect(await usernames('Zen Quar')).toContain(`zq${s}`);
    expect(await usernames(`zq${s} qua`)).toEqual([`zq${s}`]);
  });

  it('answers at most 50', async () => {
    const s = suffix();
    for (let i = 0; i < 53; i++) await addUser(`crowd${s}${i}`, 'Crowd Member');
    const found = await usernames(`crowd${s}`);
    expect(found).toHaveLength(50);
    expect(new Set(found).size).toBe(50);
  });

  it('treats hostile text as data: blank finds nobody, wildcards and patterns never find everybody', async () => {
    const s = suffix();
    await addUser(`plain${s}`, 'Plain Person');
    expect(await searchUsers('')).toEqual([]);
    expect(await searchUsers('   ')).toEqual([]);
    const everybody = await t.app.db.$count(users);
    for (const query of [
      '%',
      '_',
      '%%',
      '.*',
      '(a+)+$',
      '\\',
      "'",
      '"; drop table users; --',
      '😀',
      '\u200f',
      'x'.repeat(5_000),
    ]) {
      const found = await searchUsers(query);
      expect(found.length, JSON.stringify(query)).toBeLessThan(Math.min(everybody, 50));
    }
    const nul = await post(t.app, '/api/user/search-users', { query: 'a\u0000' });
    expect(nul.statusCode).toBe(400);
  });
});

describe('privacy of public responses', () => {
  it('never includes an e-mail address, password or Google data', async () => {
    const user = await buildUser(t.app, { fullname: 'Private Person' });
    const blogId = await buildBlog(t.app, user);
    const responses = await Promise.all([
      getProfile(user.username),
      post(t.app, '/api/user/search-users', { query: user.username }),
      post(t.app, '/api/blog/latest-blogs', { page: 1 }),
      post(t.app, '/api/blog/search-blogs', { author: user.username }),
      post(t.app, '/api/blog/search-blogs', { query: 'walk hills' }),
      post(t.app, '/api/blog/get-blog', { blog_id: blogId }),
      t.app.inject({ method: 'GET', url: '/api/blog/trending-blogs' }),
      t.app.inject({ method: 'GET', url: `/user/${user.username}` }),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(user.username);
      expect(res.body.toLowerCase()).not.toContain(user.email.toLowerCase());
      expect(res.body).not.toMatch(/email|password|google_?sub|argon2/i);
    }
  });
});

describe('share tags of /user/{username}', () => {
  it('puts the name, bio, canonical URL and absolute picture into the page, from the request’s address', async () => {
    const user = await buildUser(t.app, { fullname: 'Mary Shelley' });
    await post(
      t.app,
      '/api/user/update-profile',
      { username: user.username, bio: 'Wrote <Frankenstein>.' },
      user.token,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/user/${user.username.toUpperCase()}`,
      headers: { host: 'reader.example:8080' },
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>Mary Shelley (@${user.username}) | Inkwell</title>`);
    expect(metaContent(html, 'description')).toBe('Wrote &lt;Frankenstein&gt;.');
    expect(html).toContain(`<link rel="canonical" href="http://reader.example:8080/user/${user.username}">`);
    expect(metaContent(html, 'og:image')).toBe(`http://reader.example:8080/api/avatar/${user.username}.png`);

    const unknown = await t.app.inject({ method: 'GET', url: '/user/nobody-of-that-name' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>Inkwell</title>');
  });
});

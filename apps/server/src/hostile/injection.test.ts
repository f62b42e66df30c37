import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type Blog, type Comment, type ErrorCode } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, uniqueId, type TestUser } from '../test/factories.ts';
import { databaseSnapshot } from './database-snapshot.ts';

/*
 * Injection: strings that mean something to SQL, LIKE, regular expressions or tsquery, and strings
 * that are merely awkward (huge, emoji, bidi controls, NUL, lone surrogates, blank), in every search
 * and identifier field. Each must be answered 200 with the right results, or refused with a 4xx
 * {error, code}; never a 500, never "everything", never a trace of SQL or a stack, never a change.
 */

const HOSTILE_STRINGS: [label: string, value: string][] = [
  ['SQL tautology', "' OR 1=1 --"],
  ['SQL stacked statement', '"; drop table users; --'],
  ['SQL union', "') union select email, password_hash from users --"],
  ['SQL comment and quote', "admin'/*"],
  ['LIKE percent', '%'],
  ['LIKE underscore', '_'],
  ['backslash', '\\'],
  ['LIKE percents', '%%'],
  ['LIKE mixture', '%_\\%'],
  ['regex any', '.*'],
  ['catastrophic regex', '(a+)+$'],
  ['regex open class', '['],
  ['tsquery and', '&'],
  ['tsquery or', '|'],
  ['tsquery not', '!'],
  ['tsquery prefix', ':*'],
  ['tsquery phrase', 'kumquat <-> quince'],
  ['tsquery mixture', "!(x & y) | z:* <-> 'w'"],
  ['10 000 characters', 'q'.repeat(10_000)],
  ['10 000 wildcards', '%'.repeat(10_000)],
  ['emoji', '🧪👩🏽‍💻🏳️‍🌈'],
  ['right-to-left override', '\u202Egnp.exe'],
  ['NUL', 'zephyr\u0000wort'],
  ['escaped-looking NUL', '\\u0000'],
  ['lone high surrogate', '\uD800'],
  ['lone low surrogate', 'kumquat\uDC00quince'],
  ['whitespace only', ' \t\n\u00A0 '],
  ['empty', ''],
];

/** Wrong numbers and wrong types for the numeric fields (page, limit, skip, deletedDocCount). */
const HOSTILE_NUMBERS: [label: string, value: unknown][] = [
  ['negative', -1],
  ['fraction', 1.5],
  ['huge', 1e308],
  ['past 2^53', 2 ** 53 + 2],
  ['numeric string', '1'],
  ['null', null],
  ['boolean', true],
  ['array', [1]],
  ['object', { $gt: 0 }],
];

/** What no answer may contain: a stack frame, SQL, or the names of what runs underneath. */
const LEAKS = [
  /\n\s+at /,
  /\bat \S+:\d+:\d+/,
  /\bselect\b[^"]*\bfrom\b/i,
  /\binsert into\b/i,
  /syntax error/i,
  /postgres/i,
  /drizzle/i,
  /pglite/i,
  /\$argon2/,
];

let t: TestApp;
let author: TestUser;
let prober: TestUser;
/** Published blogs; the second and third contain some of the hostile strings literally. */
let published: Blog[];
let draft: Blog;
let comment: Comment;
let reply: Comment;

beforeAll(async () => {
  // Rate limits have their own tests; here they would only cap how many probes a field gets.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  author = await buildUser(t.app, { fullname: 'Zephyr Gardener', email: `zephyr.${uniqueId()}@example.com` });
  prober = await buildUser(t.app, { fullname: 'Petra Prober' });
  const titles = [
    'Zephyrwort gardens in spring',
    "Quoting ' OR 1=1 -- safely",
    'Growing 100% zephyrwort_seeds by the \\ book',
  ];
  published = [];
  for (const title of titles) {
    published.push(
      await fetchBlog(
        t.app,
        await buildBlog(t.app, author, { title, des: 'Garden notes.', tags: ['zephyrwort'] }),
        author,
      ),
    );
  }
  draft = await fetchBlog(
    t.app,
    await buildBlog(t.app, author, { title: "Zephyrwort ' OR 1=1 -- draft", draft: true }),
    author,
  );
  comment = await buildComment(t.app, prober, published[0]!, { comment: 'Zephyrwort smells of rain' });
  reply = await buildComment(t.app, author, published[0]!, { comment: 'It does', replying_to: comment._id });
});
afterAll(() => t.close());

/** Percent-encoding that also writes lone surrogates (as their ill-formed UTF-8), which encodeURIComponent refuses to. */
const percentEncode = (text: string) =>
  [...text]
    .map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(c);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

const ids = (res: LightMyRequestResponse) =>
  res
    .json<{ blogs: { blog_id: string }[] }>()
    .blogs.map((b) => b.blog_id)
    .sort();
const blogIds = (blogs: Blog[]) => blogs.map((b) => b.blog_id).sort();
const lower = (text: string) => text.trim().toLowerCase();
/** The published blogs whose title, description or a tag really contains the text. */
const containing = (text: unknown) =>
  typeof text === 'string' && lower(text)
    ? published.filter((b) => [b.title, b.des, ...b.tags].some((field) => field.toLowerCase().includes(lower(text))))
    : [];
/**
 * No tag or username is a hostile string, so a tag or author filter finds nothing, unless it is blank:
 * that filters nothing (docs/api.md, search-blogs). The probes pair each with the other filter set to the seeded blogs.
 */
const unfiltered = (text: unknown) => (typeof text === 'string' && !lower(text) ? blogIds(published) : []);
/** The dashboard searches titles by a case-insensitive part; blank means every blog. */
const titlesContaining = (text: unknown) =>
  typeof text === 'string' ? published.filter((b) => b.title.toLowerCase().includes(lower(text))) : [];

interface Field {
  name: string;
  send(value: unknown): Promise<LightMyRequestResponse>;
  /** Statuses besides 200 and 400 that are a right answer (404 for an id nobody has, 401 for a failed sign-in). */
  also?: number[];
  /** What a 200 must hold. */
  check?(res: LightMyRequestResponse, value: unknown): void;
  numeric?: boolean;
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

const FIELDS: Field[] = [
  {
    name: 'search-blogs query',
    send: (query) => post(t.app, '/api/blog/search-blogs', { query }),
    check: (res, query) => expect(blogIds(containing(query))).toEqual(expect.arrayContaining(ids(res))),
  },
  {
    name: 'search-blogs tag',
    send: (tag) => post(t.app, '/api/blog/search-blogs', { tag, author: author.username }),
    check: (res, tag) => expect(ids(res)).toEqual(unfiltered(tag)),
  },
  {
    name: 'search-blogs author',
    send: (a) => post(t.app, '/api/blog/search-blogs', { author: a, tag: 'zephyrwort' }),
    check: (res, a) => expect(ids(res)).toEqual(unfiltered(a)),
  },
  {
    name: 'search-blogs eliminate_blog',
    send: (eliminate_blog) => post(t.app, '/api/blog/search-blogs', { eliminate_blog, author: author.username }),
    check: (res) => expect(ids(res)).toEqual(blogIds(published)),
  },
  {
    name: 'search-blogs page',
    send: (page) => post(t.app, '/api/blog/search-blogs', { query: 'zephyrwort', page }),
    numeric: true,
  },
  {
    name: 'search-blogs limit',
    send: (limit) => post(t.app, '/api/blog/search-blogs', { query: 'zephyrwort', limit }),
    numeric: true,
  },
  {
    name: 'search-blogs-count query',
    send: (query) => post(t.app, '/api/blog/search-blogs-count', { query }),
    check: (res, query) =>
      expect(res.json<{ totalDocs: number }>().totalDocs).toBeLessThanOrEqual(containing(query).length),
  },
  {
    name: 'search-blogs-count tag',
    send: (tag) => post(t.app, '/api/blog/search-blogs-count', { tag, author: author.username }),
    check: (res, tag) => expect(res.json()).toEqual({ totalDocs: unfiltered(tag).length }),
  },
  {
    name: 'search-blogs-count author',
    send: (a) => post(t.app, '/api/blog/search-blogs-count', { author: a, tag: 'zephyrwort' }),
    check: (res, a) => expect(res.json()).toEqual({ totalDocs: unfiltered(a).length }),
  },
  { name: 'latest-blogs page', send: (page) => post(t.app, '/api/blog/latest-blogs', { page }), numeric: true },
  {
    name: 'search-users query',
    send: (query) => post(t.app, '/api/user/search-users', { query }),
    check: (res, query) => {
      const names = res
        .json<{ users: { personal_info: { username: string; fullname: string } }[] }>()
        .users.map((u) => u.personal_info);
      for (const user of names)
        expect(`${user.username} ${user.fullname}`.toLowerCase()).toContain(lower(String(query)));
      if (!lower(String(query))) expect(names).toEqual([]);
    },
  },
  { name: 'get-profile username', send: (username) => post(t.app, '/api/user/get-profile', { username }), also: [404] },
  { name: 'get-blog blog_id', send: (blog_id) => post(t.app, '/api/blog/get-blog', { blog_id }), also: [404] },
  {
    name: 'get-blog blog_id in edit mode, as the author',
    send: (blog_id) => post(t.app, '/api/blog/get-blog', { blog_id, mode: 'edit' }, author.token),
    also: [404],
  },
  {
    name: 'like-blog _id',
    send: (_id) => post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false }, author.token),
    also: [404],
  },
  {
    name: 'isliked-by-user _id',
    send: (_id) => post(t.app, '/api/user/isliked-by-user', { _id }, prober.token),
    also: [404],
  },
  {
    name: 'follow username',
    send: (username) => post(t.app, '/api/user/follow', { username, isFollowing: true }, prober.token),
    also: [404],
  },
  {
    name: 'is-following username',
    send: (username) => post(t.app, '/api/user/is-following', { username }, prober.token),
    also: [404],
  },
  {
    name: 'following-blogs page',
    send: (page) => post(t.app, '/api/blog/following-blogs', { page }, prober.token),
    numeric: true,
  },
  {
    name: 'get-blog-comments blog_id',
    send: (blog_id) => post(t.app, '/api/comment/get-blog-comments', { blog_id }),
    also: [404],
  },
  {
    name: 'get-blog-comments skip',
    send: (skip) => post(t.app, '/api/comment/get-blog-comments', { blog_id: published[0]!.blog_id, skip }),
    numeric: true,
  },
  { name: 'get-replies _id', send: (_id) => post(t.app, '/api/comment/get-replies', { _id }), also: [404] },
  {
    name: 'get-replies skip',
    send: (skip) => post(t.app, '/api/comment/get-replies', { _id: comment._id, skip }),
    numeric: true,
  },
  {
    name: 'add-comment _id',
    send: (_id) => post(t.app, '/api/comment/add-comment', { _id, comment: 'Probe' }, prober.token),
    also: [404],
  },
  {
    name: 'add-comment replying_to',
    send: (replying_to) =>
      post(t.app, '/api/comment/add-comment', { _id: published[0]!._id, comment: 'Probe', replying_to }, prober.token),
    also: [404],
    // None of these names a comment of the blog, so no comment may be made.
    check: (res) => {
      throw new Error(`a comment was made: ${res.body}`);
    },
  },
  // As the blog's author, who may delete any comment on it: a pattern that matched would have something to delete.
  {
    name: 'delete-comment _id',
    send: (_id) => post(t.app, '/api/comment/delete-comment', { _id }, author.token),
    also: [404],
  },
  {
    name: 'delete-blog blog_id',
    send: (blog_id) => post(t.app, '/api/blog/delete-blog', { blog_id }, author.token),
    also: [404],
  },
  {
    name: 'user-written-blogs query',
    send: (query) => post(t.app, '/api/blog/user-written-blogs', { query }, author.token),
    check: (res, query) => expect(ids(res)).toEqual(blogIds(titlesContaining(query))),
  },
  {
    name: 'user-written-blogs-count query',
    send: (query) => post(t.app, '/api/blog/user-written-blogs-count', { query }, author.token),
    check: (res, query) => expect(res.json()).toEqual({ totalDocs: titlesContaining(query).length }),
  },
  {
    name: 'user-written-blogs page',
    send: (page) => post(t.app, '/api/blog/user-written-blogs', { page }, author.token),
    numeric: true,
  },
  {
    name: 'user-written-blogs deletedDocCount',
    send: (n) => post(t.app, '/api/blog/user-written-blogs', { deletedDocCount: n }, author.token),
    numeric: true,
  },
  { name: 'notifications filter', send: (filter) => post(t.app, '/notifications', { filter }, author.token) },
  { name: 'notifications page', send: (page) => post(t.app, '/notifications', { page }, author.token), numeric: true },
  {
    name: 'notifications deletedDocCount',
    send: (n) => post(t.app, '/notifications', { deletedDocCount: n }, author.token),
    numeric: true,
  },
  {
    name: 'all-notifications-count filter',
    send: (filter) => post(t.app, '/api/notification/all-notifications-count', { filter }, author.token),
  },
  {
    name: 'signin email',
    send: (email) => post(t.app, '/api/user/signin', { email, password: author.password }),
    also: [401],
  },
  {
    name: 'signin password',
    send: (password) => post(t.app, '/api/user/signin', { email: author.email, password }),
    also: [401],
  },
  {
    name: 'signup email',
    send: (email) => post(t.app, '/api/user/signup', { fullname: 'Probe Person', email, password: 'Secret123' }),
    also: [409],
  },
  {
    name: 'forgot-password email',
    send: (email) => post(t.app, '/api/user/forgot-password', { email }),
    // The same answer whether or not an account has the address; none of these strings is one.
    check: (res) => expect(res.json()).toEqual({ message: expect.any(String) }),
  },
  {
    name: 'reset-password token',
    send: (token) => post(t.app, '/api/user/reset-password', { token, password: 'Secret123' }),
  },
  {
    name: 'google-auth access_token',
    send: (access_token) => post(t.app, '/api/user/google-auth', { access_token }),
    also: [401, 503],
  },
  // 414: a path parameter past the router's maximum length.
  { name: 'uploads file name', send: (name) => get(`/uploads/${percentEncode(String(name))}`), also: [404, 414] },
  {
    name: 'avatar seed',
    send: (seed) => get(`/api/avatar/${percentEncode(String(seed))}.svg`),
    also: [404, 414],
    check: (res) => {
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 60 60"><rect width="60" height="60" fill="#f3f4f6"\/><g fill="#[0-9a-f]{6}">(<rect x="\d+" y="\d+" width="10" height="10"\/>)*<\/g><\/svg>$/,
      );
    },
  },
  {
    name: 'link-preview url',
    send: (url) =>
      t.app.inject({ url: `/api/link-preview?url=${percentEncode(String(url))}`, headers: bearer(prober.token) }),
  },
  { name: 'upload image-by-url url', send: (url) => post(t.app, '/api/upload/image-by-url', { url }, prober.token) },
];

/** The right body for a refusal: `{error, code}`, or the `{success: 0}` Editor.js's link and image tools read. */
function refusalProblem(field: Field, res: LightMyRequestResponse): string | null {
  if (!res.headers['content-type']?.startsWith('application/json')) return `not JSON: ${res.headers['content-type']}`;
  // Refusals made before any route runs (a path the router cannot take) carry the headers too.
  if (res.headers['x-content-type-options'] !== 'nosniff') return 'no nosniff header';
  const body = res.json<Record<string, unknown>>();
  if (field.name === 'link-preview url') return body.success === 0 ? null : 'no {success: 0}';
  if (typeof body.error !== 'string' || !body.error) return 'no {error}';
  if (!ERROR_CODES.includes(body.code as ErrorCode)) return `no code of the catalogue: ${String(body.code)}`;
  return null;
}

function probeProblem(field: Field, res: LightMyRequestResponse, value: unknown): string | null {
  const leak = LEAKS.find((pattern) => pattern.test(res.body));
  if (leak) return `leaks ${leak}: ${res.body.slice(0, 300)}`;
  if (res.statusCode !== 200) {
    if (res.statusCode !== 400 && !field.also?.includes(res.statusCode))
      return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
    return refusalProblem(field, res);
  }
  try {
    field.check?.(res, value);
  } catch (error) {
    return `wrong answer: ${(error as Error).message.slice(0, 300)}`;
  }
  return null;
}

const valuesFor = (field: Field): [string, unknown][] =>
  field.numeric ? [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS] : HOSTILE_STRINGS;

describe('hostile strings in search and identifier fields', () => {
  it.each(FIELDS)(
    '$name: 200 with the right results or a 4xx {error, code}; never 500, a leak or a change',
    async (field) => {
      const before = await databaseSnapshot(t.app.db);
      const problems: string[] = [];
      for (const [label, value] of valuesFor(field)) {
        const problem = probeProblem(field, await field.send(value), value);
        if (problem) problems.push(`${label}: ${problem}`);
      }
      expect(problems).toEqual([]);
      expect(await databaseSnapshot(t.app.db)).toEqual(before);
    },
  );

  it('the server is still healthy and every seeded row is where it was', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    expect(ids(await post(t.app, '/api/blog/search-blogs', { author: author.username }))).toEqual(blogIds(published));
    expect(
      (await post(t.app, '/api/comment/get-replies', { _id: comment._id }))
        .json<{ replies: Comment[] }>()
        .replies.map((r) => r._id),
    ).toEqual([reply._id]);
  });
});

describe('hostile text finds what really contains it, and never everything', () => {
  it('a search for the SQL tautology finds the one published blog that quotes it, and not the draft that does too', async () => {
    const [, quoting] = published;
    for (const url of ['/api/blog/search-blogs', '/api/blog/search-blogs-count'] as const) {
      const res = await post(t.app, url, { query: "' OR 1=1 --" });
      expect(res.statusCode).toBe(200);
      if (url === '/api/blog/search-blogs') expect(ids(res)).toEqual([quoting!.blog_id]);
      else expect(res.json()).toEqual({ totalDocs: 1 });
    }
    // The plain word finds every published one, so the empty answers above are not a broken search.
    expect(ids(await post(t.app, '/api/blog/search-blogs', { query: 'zephyrwort' }))).toEqual(blogIds(published));
  });

  it('tsquery operators are words to look for, not operators: no negation, no OR, no prefix', async () => {
    const search = async (query: string) => ids(await post(t.app, '/api/blog/search-blogs', { query }));
    // Words in descriptions only, which the title's typo matching cannot reach.
    const orchardist = await buildUser(t.app, { fullname: 'Olive Orchard' });
    const kumquat = await buildBlog(t.app, orchardist, {
      title: 'First orchard',
      des: 'Kumquat notes.',
      tags: ['orchard'],
    });
    const quince = await buildBlog(t.app, orchardist, {
      title: 'Second orchard',
      des: 'Quince notes.',
      tags: ['orchard'],
    });
    expect(await search('kumquat')).toEqual([kumquat]);
    expect(await search('!kumquat')).toEqual([kumquat]);
    expect(await search('!quince & !kumquat')).toEqual([]);
    expect(await search('kumquat | quince')).toEqual([]);
    expect(await search("'kumquat' | 'quince'")).toEqual([]);
    expect(await search('kumqu:*')).toEqual([]);
    expect(await search('orchard <-> kumquat')).toEqual(await search('orchard kumquat'));
    expect(await search('orchard')).toEqual([kumquat, quince].sort());
  });

  it('LIKE wildcards in the dashboard search match themselves only', async () => {
    const [, quoting, percent] = published;
    for (const [query, expected] of [
      ['%', [percent]],
      ['_', [percent]],
      ['\\', [percent]],
      ['%%', []],
      ['0%', [percent]],
      ["' or 1=1", [quoting]],
      ['zephyrwort', [published[0], percent]],
    ] as const) {
      const res = await post(t.app, '/api/blog/user-written-blogs', { query }, author.token);
      expect(ids(res), query).toEqual(blogIds(expected.map((b) => b!)));
    }
  });

  it('an identifier with a wildcard in place of one character names nothing', async () => {
    const [first] = published;
    const wildcarded = (text: string) => [
      `${text.slice(0, -1)}_`,
      `${text.slice(0, -1)}%`,
      `${text.slice(0, 3)}%`,
      '%',
    ];
    for (const blogId of wildcarded(first!.blog_id)) {
      expect((await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).statusCode).toBe(404);
      expect((await post(t.app, '/api/comment/get-blog-comments', { blog_id: blogId })).statusCode).toBe(404);
      expect((await post(t.app, '/api/blog/delete-blog', { blog_id: blogId }, author.token)).statusCode).toBe(404);
      expect(
        ids(await post(t.app, '/api/blog/search-blogs', { eliminate_blog: blogId, author: author.username })),
      ).toEqual(blogIds(published));
    }
    for (const username of wildcarded(author.username)) {
      expect((await post(t.app, '/api/user/get-profile', { username })).statusCode).toBe(404);
      expect(ids(await post(t.app, '/api/blog/search-blogs', { author: username }))).toEqual([]);
    }
    for (const tag of ['zephyrwor_', 'zephyr%', '%'])
      expect(ids(await post(t.app, '/api/blog/search-blogs', { tag }))).toEqual([]);
    // An e-mail pattern allows `_`, so a lookup by LIKE would sign this in.
    const [local, domain] = author.email.split('@');
    const res = await post(t.app, '/api/user/signin', {
      email: `${local!.slice(0, -1)}_@${domain}`,
      password: author.password,
    });
    expect(res.statusCode).toBe(401);
    expect((await post(t.app, '/api/blog/get-blog', { blog_id: draft.blog_id })).statusCode).toBe(404);
  });

  it('text that only looks like an escaped NUL is text: searched, stored and read back as typed', async () => {
    const typed = 'Escapes like \\u0000 and \\x00 in strings';
    const blogId = await buildBlog(t.app, prober, { title: typed, draft: true });
    expect((await fetchBlog(t.app, blogId, prober)).title).toBe(typed);
    const res = await post(t.app, '/api/blog/user-written-blogs', { query: '\\u0000', draft: true }, prober.token);
    expect(ids(res)).toEqual([blogId]);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_ORIGINS, ERROR_CODES, type Blog, type Comment } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, type TestUser } from '../test/factories.ts';
import { fakeWebDist } from '../test/web-dist.ts';

/**
 * Bodies no client of ours would send: broken or hostile JSON, and every field of every JSON
 * endpoint given a value of the wrong type. Each gets a 4xx with a readable `{error, code}`, nothing
 * internal leaks, and the server stays healthy. Security headers ride on every kind of answer.
 */

let t: TestApp;
let user: TestUser;
let blog: Blog;
let comment: Comment;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist(), RATE_LIMIT_MULTIPLIER: '100' });
  user = await buildUser(t.app);
  blog = await fetchBlog(t.app, await buildBlog(t.app, user));
  comment = await buildComment(t.app, user, blog);
});
afterAll(() => t.close());

/** Every JSON endpoint with a body that works, so each probe changes exactly one field. */
const ENDPOINTS: Record<string, () => Record<string, unknown>> = {
  '/api/user/signup': () => ({ fullname: 'Type Tester', email: 'types@example.com', password: 'Secret123' }),
  '/api/user/signin': () => ({ email: user.email, password: user.password }),
  '/api/user/google-auth': () => ({ access_token: 'x' }),
  '/api/user/forgot-password': () => ({ email: user.email }),
  '/api/user/reset-password': () => ({ token: 'x', password: 'Secret123' }),
  '/api/user/change-password': () => ({ currentPassword: user.password, newPassword: user.password }),
  '/api/user/update-profile': () => ({ username: user.username, bio: '', social_links: { website: '' } }),
  '/api/user/update-profile-img': () => ({ url: '/uploads/x.png' }),
  '/api/user/get-profile': () => ({ username: user.username }),
  '/api/user/search-users': () => ({ query: 'x' }),
  '/api/user/isliked-by-user': () => ({ _id: blog._id }),
  '/api/user/follow': () => ({ username: 'nobody-at-all', isFollowing: true }),
  '/api/user/is-following': () => ({ username: 'nobody-at-all' }),
  '/api/blog/following-blogs': () => ({ page: 1 }),
  '/api/blog/create-blog': () => publishableBlog(),
  '/api/blog/get-blog': () => ({ blog_id: blog.blog_id, draft: false, mode: 'read' }),
  '/api/blog/latest-blogs': () => ({ page: 1 }),
  '/api/blog/search-blogs': () => ({
    tag: 'travel',
    query: 'walk',
    author: user.session.username,
    page: 1,
    limit: 5,
    eliminate_blog: blog.blog_id,
  }),
  '/api/blog/search-blogs-count': () => ({ tag: 'travel', query: 'walk', author: user.session.username }),
  '/api/blog/like-blog': () => ({ _id: blog._id, isLikedByUser: false }),
  '/api/blog/user-written-blogs': () => ({ page: 1, draft: false, query: '', deletedDocCount: 0 }),
  '/api/blog/user-written-blogs-count': () => ({ draft: false, query: '' }),
  '/api/blog/delete-blog': () => ({ blog_id: 'no-such-blog' }),
  '/api/comment/add-comment': () => ({
    _id: blog._id,
    comment: 'x',
    blog_author: blog.author.personal_info.username,
    replying_to: comment._id,
  }),
  '/api/comment/get-blog-comments': () => ({ blog_id: blog.blog_id, skip: 0 }),
  '/api/comment/get-replies': () => ({ _id: comment._id, skip: 0 }),
  '/api/comment/delete-comment': () => ({ _id: '00000000-0000-4000-8000-000000000000' }),
  '/notifications': () => ({ page: 1, filter: 'all', deletedDocCount: 0 }),
  '/api/notification/all-notifications-count': () => ({ filter: 'all' }),
  '/api/upload/image-by-url': () => ({ url: 'https://example.com/a.png' }),
};

/** A value of every JSON type, plus shapes that have broken parsers before. */
const WRONG_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  '',
  'text',
  [],
  ['a'],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
];

/** Fields where null has a meaning: a comment replying to nothing is a top-level comment. */
const NULLABLE = new Set(['/api/comment/add-comment replying_to']);

const send = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(user.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** What a client must never see in an error: stack frames, SQL, driver or file names. */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bselect\b.+\bfrom\b|\binsert into\b|syntax error|postgres|pglite|drizzle|violates|relation "/i;

function expectCleanRefusal(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { error?: unknown; code?: unknown };
  expect(typeof body.error, what).toBe('string');
  expect(body.code, what).toBeOneOf(ERROR_CODES);
  expect(String(body.error), what).not.toMatch(LEAK);
}

const wrongTypedProbes = () =>
  Object.entries(ENDPOINTS).flatMap(([url, valid]) =>
    Object.keys(valid()).flatMap((field) =>
      WRONG_VALUES.filter(
        (value) => typeof value !== typeof valid()[field] || Array.isArray(value) !== Array.isArray(valid()[field]),
      )
        .filter((value) => !(value === null && NULLABLE.has(`${url} ${field}`)))
        .map((value) => ({ url, field, value, what: `${url} ${field}=${JSON.stringify(value)}` })),
    ),
  );

describe('wrong types', () => {
  it('refuses every wrong-typed field of every endpoint with a 4xx and a clean error, 200 at a time', async () => {
    const probes = wrongTypedProbes();
    expect(probes.length).toBeGreaterThan(500);
    console.log(`malformed: ${probes.length} wrong-typed fields over ${Object.keys(ENDPOINTS).length} endpoints`);
    for (let i = 0; i < probes.length; i += 200) {
      const batch = probes.slice(i, i + 200);
      const answers = await Promise.all(
        batch.map(({ url, field, value }) => send(url, { ...ENDPOINTS[url]!(), [field]: value })),
      );
      answers.forEach((res, j) => expectCleanRefusal(res, batch[j]!.what));
    }
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });

  // An empty body or a JSON null is the same as no body: endpoints such as the counts need none.
  it('refuses a body that is neither an object nor empty', async () => {
    for (const url of Object.keys(ENDPOINTS)) {
      for (const payload of [1, 'text', true, [], [{}]])
        expectCleanRefusal(await send(url, payload), `${url} ${JSON.stringify(payload)}`);
    }
  });
});

describe('hostile JSON', () => {
  const raw = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/blog/create-blog',
      headers: { ...bearer(user.token), 'content-type': contentType },
      payload,
    });

  it.each([
    ['invalid JSON', '{"title": "x",', 400, 'The request body is not valid JSON', 'invalid_json'],
    [
      'JSON nested 10 000 deep',
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      400,
      'The request body is nested too deeply',
      'body_too_deep',
    ],
    [
      'arrays nested 10 000 deep in a field',
      `{"title":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
      400,
      'The request body is nested too deeply',
      'body_too_deep',
    ],
    [
      'a body over the size limit',
      JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }),
      413,
      'The request body is too large',
      'body_too_large',
    ],
  ])('answers %s clearly', async (_name, payload, status, error, code) => {
    const res = await raw(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error, code });
  });

  it('refuses 100 000 tags without storing anything', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => String(i % 10));
    const res = await send('/api/blog/create-blog', publishableBlog({ title: 'Hundred thousand tags', tags }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You can add max 10 Tags', code: 'too_many_tags' });
    const mine = await send('/api/blog/user-written-blogs-count', { draft: false, query: 'Hundred thousand tags' });
    expect(mine.json()).toEqual({ totalDocs: 0 });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await raw('title=x', type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ error: 'Unsupported content type', code: 'unsupported_content_type' });
    }
  });

  it('ignores __proto__ and constructor keys instead of polluting objects', async () => {
    const res = await send(
      '/api/user/update-profile',
      JSON.parse(
        `{"username":"${user.username}","bio":"p","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}`,
      ),
    );
    expect(res.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('security headers', () => {
  const frameSources = [...new Set(Object.values(EMBED_ORIGINS).flat())];

  /** One answer of every kind: JSON, errors (Fastify's own before any route included), the web app, stored images and not found. */
  const everyKind = async (app: FastifyInstance) => ({
    json: await app.inject('/api/health'),
    'client error': await post(app, '/api/blog/get-blog', { blog_id: 5 }),
    unauthorised: await app.inject('/api/user/me'),
    'web app': await app.inject('/blog/anything'),
    'missing upload': await app.inject('/uploads/nothing.png'),
    'unknown API path': await app.inject('/api/nope'),
    'undecodable path': await app.inject('/api/x%zz'),
  });

  it('ride on every kind of answer: JSON, errors, the web app, stored images and not found', async () => {
    for (const [kind, res] of Object.entries(await everyKind(t.app))) {
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)] as const));
      expect(directives.get('script-src'), kind).not.toContain("'unsafe-inline'");
      expect(directives.get('script-src'), kind).not.toContain("'unsafe-eval'");
      expect(directives.get('object-src'), kind).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(directives.get('base-uri'), kind).toEqual(["'self'"]);
      // Frames: Google's sign-in and exactly the embed players a blog may show.
      expect(
        directives
          .get('frame-src')!
          .filter((source) => !source.startsWith('https://accounts.google.com/'))
          .sort(),
        kind,
      ).toEqual(frameSources.sort());
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], kind).toBe('DENY');
      expect(res.headers['x-powered-by'], kind).toBeUndefined();
      expect(res.headers.server, kind).toBeUndefined();
      // Powerful features no page uses are denied to it and its frames; copying and sharing a link stay ours.
      const permissions = String(res.headers['permissions-policy']).split(', ');
      for (const denied of [
        'camera=()',
        'microphone=()',
        'geolocation=()',
        'payment=()',
        'usb=()',
        'browsing-topics=()',
      ])
        expect(permissions, kind).toContain(denied);
      expect(permissions, kind).toEqual(expect.arrayContaining(['clipboard-write=(self)', 'web-share=(self)']));
      // The embedded players' own permissions (their frames' `allow`) are left to the default, which lets them be granted.
      expect(
        permissions.filter((p) => /^(fullscreen|picture-in-picture|encrypted-media)=/.test(p)),
        kind,
      ).toEqual([]);
      // Served over plain http (no PUBLIC_URL): never told to keep to HTTPS.
      expect(res.headers['strict-transport-security'], kind).toBeUndefined();
    }
  });

  it('tell browsers to keep to HTTPS on every kind of answer when the site is served over it', async () => {
    const https = await buildTestApp({ WEB_DIST: fakeWebDist(), PUBLIC_URL: 'https://blog.example.org' });
    try {
      for (const [kind, res] of Object.entries(await everyKind(https.app)))
        expect(res.headers['strict-transport-security'], kind).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});

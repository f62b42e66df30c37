import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  Messages,
  type Blog,
  type Comment,
  type MyProfileResponse,
  type UserProfile,
} from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../test/factories.ts';
import { fixtureImage } from '../test/images.ts';
import { databaseSnapshot as snapshotOf } from './database-snapshot.ts';

/*
 * The authorization matrix of issue 8: every endpoint that needs a session, every way of not
 * having one, and every way one user could reach another's blogs, drafts, comments,
 * notifications or account. Extra keys in a body are stripped by the contracts' zod objects
 * (none of them is strict or passthrough), so a request with them succeeds as if they were absent.
 */

let t: TestApp;
let pngBytes: Buffer;
let siteOwner: TestUser;
beforeAll(async () => {
  // Rate limits have their own tests; here they would only make the matrix depend on how many users it signs up.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '1000' });
  // The first account of a site is its owner (the roles matrix below).
  siteOwner = await buildUser(t.app, { fullname: 'Owen Owner' });
  pngBytes = await fixtureImage('png');
});
afterAll(() => t.close());

/** A writer's published blog and draft, a reader's comment and like on it (so the writer has notifications). */
async function seedWorld() {
  // A password of the writer's own, so that knowing it is no help with anyone else's account.
  const writer = await buildUser(t.app, { fullname: 'Wanda Writer', password: 'Writer123' });
  const reader = await buildUser(t.app, { fullname: 'Rey Reader' });
  const blogId = await buildBlog(t.app, writer, { title: `Walking notes ${uniqueId()}` });
  const draft = await fetchBlog(
    t.app,
    await buildBlog(t.app, writer, { draft: true, title: `Secret plans ${uniqueId()}` }),
    writer,
  );
  const { _id } = await fetchBlog(t.app, blogId, writer);
  const comment = await buildComment(t.app, reader, { _id }, { comment: 'Reader was here' });
  const like = await post(t.app, '/api/blog/like-blog', { _id, isLikedByUser: false }, reader.token);
  expect(like.statusCode).toBe(200);
  // As it stands now, counters included.
  const blog = await fetchBlog(t.app, blogId, writer);
  return { writer, reader, blog, draft, comment };
}
type World = Awaited<ReturnType<typeof seedWorld>>;

const databaseSnapshot = () => snapshotOf(t.app.db);

const expectRefused = (res: LightMyRequestResponse, statuses = [403, 404]) => {
  expect(statuses, res.body).toContain(res.statusCode);
  expect(res.json()).toEqual({ error: expect.any(String), code: expect.toBeOneOf(ERROR_CODES) });
};

const readBlogAsAuthor = (world: World, blog: Blog) => fetchBlog(t.app, blog.blog_id, world.writer);
const blogInEditMode = (blogId: string, as?: TestUser) =>
  post(t.app, '/api/blog/get-blog', { blog_id: blogId, draft: true, mode: 'edit' }, as?.token);
const me = async (user: TestUser) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
  expect(res.statusCode).toBe(200);
  return res.json<MyProfileResponse>();
};
const profile = async (username: string) => {
  const res = await post(t.app, '/api/user/get-profile', { username });
  expect(res.statusCode).toBe(200);
  return res.json<UserProfile>();
};
const signIn = (email: string, password: string) => post(t.app, '/api/user/signin', { email, password });
const comments = async (blog: Blog) => {
  const res = await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id });
  expect(res.statusCode).toBe(200);
  return res.json<Comment[]>().map((c) => c.comment);
};
const notificationCount = async (user: TestUser, body: object = {}) => {
  const res = await post(t.app, '/api/notification/all-notifications-count', { filter: 'all', ...body }, user.token);
  expect(res.statusCode).toBe(200);
  return res.json<{ totalDocs: number }>().totalDocs;
};
const hasNewNotification = async (user: TestUser) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/notification/new-notification',
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ new_notification_available: boolean }>().new_notification_available;
};
const uploadImage = async (user: TestUser) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/image',
    payload: imageForm(),
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ file: { url: string } }>().file.url;
};
function importForm() {
  const form = new FormData();
  form.append('file', new Blob(['Not an export at all']), 'export.xml');
  return form;
}
function imageForm() {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'photo.png');
  return form;
}

/* ---------- The matrix: every (A) endpoint without a valid session ---------- */

interface Endpoint {
  route: string;
  /** A request that would change or reveal the writer's things if it got through. */
  payload?: (world: World) => object | FormData;
  /** The stream never ends for a live session, so its positive check lives in notification-stream.test.ts. */
  streams?: boolean;
}

/** The original contract's (A) calls (docs/api.md), then Inkwell's own (sign-out, settings, dashboard, reading list, uploads, stream). */
const PROTECTED: Endpoint[] = [
  { route: 'POST /api/blog/create-blog', payload: (w) => publishableBlog({ id: w.blog.blog_id, title: 'Hijacked' }) },
  { route: 'POST /api/blog/like-blog', payload: (w) => ({ _id: w.blog._id, isLikedByUser: true }) },
  { route: 'POST /api/user/isliked-by-user', payload: (w) => ({ _id: w.blog._id }) },
  { route: 'POST /api/blog/bookmark', payload: (w) => ({ _id: w.blog._id, isBookmarked: false }) },
  { route: 'POST /api/user/is-bookmarked', payload: (w) => ({ _id: w.blog._id }) },
  { route: 'POST /api/user/reading-list', payload: () => ({ page: 1 }) },
  { route: 'POST /api/user/reading-list-count', payload: () => ({}) },
  { route: 'POST /api/user/follow', payload: (w) => ({ username: w.writer.username, isFollowing: false }) },
  { route: 'POST /api/user/is-following', payload: (w) => ({ username: w.writer.username }) },
  { route: 'POST /api/blog/following-blogs', payload: () => ({ page: 1 }) },
  { route: 'POST /api/blog/all-following-blogs-count', payload: () => ({}) },
  { route: 'POST /api/user/block', payload: (w) => ({ username: w.reader.username, block: true }) },
  { route: 'POST /api/user/is-blocked', payload: (w) => ({ username: w.reader.username }) },
  { route: 'POST /api/user/blocked-users', payload: () => ({ page: 1 }) },
  { route: 'POST /api/user/blocked-users-count', payload: () => ({}) },
  { route: 'POST /api/user/subscription', payload: (w) => ({ username: w.writer.username }) },
  { route: 'POST /api/user/unsubscribe', payload: (w) => ({ username: w.writer.username }) },
  { route: 'POST /api/user/subscriber-count', payload: () => ({}) },
  { route: 'POST /api/user/update-profile', payload: () => ({ username: `hijack_${uniqueId()}`, bio: 'Hijacked' }) },
  { route: 'POST /api/user/update-profile-img', payload: (w) => ({ url: w.reader.session.profile_img }) },
  {
    route: 'POST /api/user/change-password',
    payload: (w) => ({ currentPassword: w.writer.password, newPassword: 'Hijack123' }),
  },
  // A password nobody has: no call of this suite may delete the account it is made with.
  { route: 'POST /api/account/delete', payload: () => ({ password: 'Nobodys123' }) },
  { route: 'POST /api/comment/add-comment', payload: (w) => ({ _id: w.blog._id, comment: 'Anonymous words' }) },
  { route: 'POST /api/comment/delete-comment', payload: (w) => ({ _id: w.comment._id }) },
  { route: 'POST /notifications', payload: () => ({ page: 1, filter: 'all' }) },
  { route: 'POST /api/notification/all-notifications-count', payload: () => ({ filter: 'all' }) },
  { route: 'GET /api/notification/new-notification' },
  { route: 'GET /api/notification/stream', streams: true },
  { route: 'POST /api/user/signout', payload: () => ({}) },
  { route: 'GET /api/user/me' },
  { route: 'POST /api/blog/user-written-blogs', payload: () => ({ draft: true }) },
  { route: 'POST /api/blog/user-written-blogs-count', payload: () => ({ draft: true }) },
  { route: 'POST /api/blog/delete-blog', payload: (w) => ({ blog_id: w.blog.blog_id }) },
  { route: 'POST /api/dashboard/stats', payload: (w) => ({ period: 'all', blog_id: w.blog.blog_id }) },
  { route: 'POST /api/blog/revisions', payload: (w) => ({ blog_id: w.blog.blog_id }) },
  // The blog's own uuid names no revision of it: past the credential check, a 404.
  { route: 'POST /api/blog/revision', payload: (w) => ({ blog_id: w.blog.blog_id, _id: w.blog._id }) },
  { route: 'POST /api/blog/restore-revision', payload: (w) => ({ blog_id: w.blog.blog_id, _id: w.blog._id }) },
  { route: 'POST /api/blog/schedule', payload: (w) => ({ blog_id: w.draft.blog_id, publishAt: null }) },
  { route: 'POST /api/blog/publish-now', payload: (w) => ({ blog_id: w.draft.blog_id }) },
  { route: 'POST /api/blog/preview-link', payload: (w) => ({ blog_id: w.draft.blog_id }) },
  { route: 'POST /api/blog/revoke-preview-link', payload: (w) => ({ blog_id: w.draft.blog_id }) },
  { route: 'POST /api/upload/image', payload: () => imageForm() },
  { route: 'GET /api/link-preview' },
  // Not http(s), so even the positive check below never reaches the network.
  { route: 'POST /api/upload/image-by-url', payload: () => ({ url: 'ftp://example.com/a.png' }) },
  // Not an export: past the session check, a 400 that writes nothing.
  { route: 'POST /api/imports', payload: () => importForm() },
  { route: 'POST /api/imports/status', payload: () => ({ id: randomUUID() }) },
  { route: 'POST /api/imports/list', payload: () => ({}) },
  // The staff's calls (who among the signed-in may make them: the roles matrix below).
  { route: 'POST /api/admin/members', payload: () => ({}) },
  { route: 'POST /api/admin/member/role', payload: (w) => ({ username: w.reader.username, role: 'member' }) },
  { route: 'POST /api/admin/member/standing', payload: (w) => ({ username: w.reader.username, standing: 'active' }) },
  { route: 'POST /api/admin/transfer-ownership', payload: () => ({ username: `nobody_${uniqueId()}` }) },
  {
    route: 'POST /api/admin/delete-member',
    payload: () => {
      const nobody = `nobody_${uniqueId()}`;
      return { username: nobody, confirm: nobody };
    },
  },
  { route: 'POST /api/admin/log', payload: () => ({}) },
  { route: 'POST /api/admin/applications', payload: () => ({}) },
  // Applications and invitations nobody made: past the role check, a 404.
  { route: 'POST /api/admin/decide-application', payload: () => ({ id: randomUUID(), approve: false }) },
  { route: 'POST /api/admin/invites', payload: () => ({}) },
  { route: 'POST /api/admin/create-invite', payload: () => ({}) },
  { route: 'POST /api/admin/revoke-invite', payload: () => ({ id: randomUUID() }) },
  { route: 'POST /api/admin/hide-blog', payload: (w) => ({ blog_id: w.blog.blog_id }) },
  { route: 'POST /api/admin/unhide-blog', payload: (w) => ({ blog_id: w.blog.blog_id }) },
  { route: 'POST /api/admin/review-queue', payload: () => ({ page: 1 }) },
  // A published blog waits for no review: past the role check, a 409.
  { route: 'POST /api/admin/approve-blog', payload: (w) => ({ blog_id: w.blog.blog_id }) },
  { route: 'POST /api/admin/reject-blog', payload: (w) => ({ blog_id: w.blog.blog_id, reason: 'Spam' }) },
  { route: 'POST /api/admin/member/trust', payload: (w) => ({ username: w.reader.username, trust: 'auto' }) },
  // A member whose address is not confirmed asks for a new link (the test app sends no mail: it goes to the log).
  { route: 'POST /api/user/resend-verification', payload: () => ({}) },
  // The admins' blocked e-mail domains: one nobody blocked is a 404 to unblock.
  { route: 'POST /api/admin/blocked-email-domains', payload: () => ({ page: 1 }) },
  {
    route: 'POST /api/admin/block-email-domain',
    payload: () => ({ domain: `spam-${uniqueId()}.example`, reason: 'Hijacked' }),
  },
  {
    route: 'POST /api/admin/unblock-email-domain',
    payload: () => ({ domain: `spam-${uniqueId()}.example`, reason: 'Hijacked' }),
  },
  { route: 'GET /api/admin/settings' },
  { route: 'POST /api/admin/update-settings', payload: () => ({ registration: 'open' }) },
  // The admins' blocked domains of the fediverse (a member's live token is then refused 403).
  { route: 'POST /api/admin/blocked-domains', payload: () => ({ page: 1 }) },
  {
    route: 'POST /api/admin/block-domain',
    payload: () => ({ domain: `spam-${uniqueId()}.example`, reason: 'Hijacked' }),
  },
  // A domain nobody blocked: past the role check, a 404.
  {
    route: 'POST /api/admin/unblock-domain',
    payload: () => ({ domain: `spam-${uniqueId()}.example`, reason: 'Hijacked' }),
  },
  // Reports: a reader's (past the credential check, a fresh report), the staff's queue and what they do with it.
  {
    route: 'POST /api/report',
    payload: (w) => ({ target: { type: 'blog', blog_id: w.blog.blog_id }, reason: 'spam' }),
  },
  { route: 'POST /api/admin/reports', payload: () => ({ page: 1 }) },
  // Nothing reported it: past the role check, nothing dismissed.
  {
    route: 'POST /api/admin/dismiss-reports',
    payload: (w) => ({ target: { type: 'blog', id: w.blog.blog_id }, reason: 'Hijacked' }),
  },
  { route: 'POST /api/admin/delete-comment', payload: (w) => ({ comment_id: w.comment._id, reason: 'Hijacked' }) },
  // Spam waves: the preview, a bulk action on the one member the filter matches (giving back the
  // standing they have: past the role check it changes nobody), one that does not exist (a 404), the list.
  { route: 'POST /api/admin/members-matching', payload: () => ({ filter: {} }) },
  {
    route: 'POST /api/admin/bulk-standing',
    payload: (w) => ({ filter: { query: w.reader.email }, standing: 'active', reason: 'Hijacked', expected: 1 }),
  },
  // A deletion of as many members as a filter that matches nobody: past the role check, a 409.
  {
    route: 'POST /api/admin/bulk-delete',
    payload: () => ({
      filter: { query: `nobody_${uniqueId()}` },
      reason: 'Hijacked',
      expected: 1,
      confirm: 'delete 1',
    }),
  },
  { route: 'POST /api/admin/bulk-action', payload: () => ({ id: randomUUID() }) },
  { route: 'POST /api/admin/bulk-actions', payload: () => ({}) },
  { route: 'GET /api/admin/health' },
  { route: 'GET /api/admin/site-stats' },
  { route: 'POST /api/admin/failed-jobs', payload: () => ({ page: 1 }) },
  // A job that is not there: past the role check, a 404.
  { route: 'POST /api/admin/retry-job', payload: () => ({ _id: randomUUID() }) },
  { route: 'POST /api/admin/discard-job', payload: () => ({ _id: randomUUID() }) },
  // Downloads of data as a zip: a member's own, the whole site's for admins.
  { route: 'POST /api/account/export' },
  { route: 'POST /api/admin/export' },
  // An unreadable accent: past the role check, a 400, and nothing changes.
  { route: 'POST /api/admin/site-identity', payload: () => ({ accentColor: '#ffffff' }) },
];

/** Routes anyone may call (get-blog reads a session when there is one, but needs none). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/config',
  // Guarded by its own rule, not a session: this machine or METRICS_TOKEN (metrics.routes.test.ts).
  'GET /metrics',
  // The proof-of-work challenge a newcomer or a visitor solves before they sign up or subscribe.
  'GET /api/altcha/challenge',
  'GET /api/avatar/:seed',
  'GET /uploads/:key',
  // Who the site is: its name and look, its icons, its manifest and its share card.
  'GET /api/site',
  'GET /icons/:name',
  'GET /manifest.webmanifest',
  'GET /api/share-image.png',
  'GET /api/blog/trending-blogs',
  'POST /api/user/signup',
  'POST /api/user/signin',
  'POST /api/user/google-auth',
  'POST /api/user/forgot-password',
  'POST /api/user/reset-password',
  // A mailed confirmation link works for whoever holds it, signed in or not.
  'POST /api/user/verify-email',
  'POST /api/user/get-profile',
  'POST /api/user/search-users',
  'POST /api/blog/get-blog',
  'POST /api/blog/read',
  'POST /api/blog/can',
  'POST /api/blog/latest-blogs',
  'POST /api/blog/all-latest-blogs-count',
  'POST /api/blog/search-blogs',
  'POST /api/blog/search-blogs-count',
  // A draft's preview, for whoever holds the secret link.
  'POST /api/blog/preview',
  'GET /preview/:token',
  'POST /api/comment/get-blog-comments',
  'POST /api/comment/get-replies',
  // A visitor subscribes with an address and confirms or leaves from the mailed links (a signed-in reader's token is optional).
  'POST /api/user/subscribe',
  'POST /subscribe/confirm/:token',
  'POST /unsubscribe/:token',
  // The web app's pages (the session stays in the browser), the reading ones rendered on the server.
  'GET /',
  'GET /blog/:blog_id',
  'GET /user/:username',
  'GET /search/:query',
  'GET /*',
  // Feeds and sitemap pages (the site's own, /feed.xml, /sitemap.xml and the like, are files to this list).
  ...['feed.xml', 'feed.json', 'rss.xml'].flatMap((file) => [`GET /user/:username/${file}`, `GET /tag/:tag/${file}`]),
  ...['blogs', 'authors'].map((section) => `GET /sitemap-${section}-:page(^[0-9]{1,9}).xml`),
  // The API's description (/api/openapi.json is a file to this list) and the page that shows it.
  'GET /api/docs',
  'GET /api/docs*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
]);

/** The codes of a 401: a session is needed (docs/product/rules.md's own words for a like, a bookmark and a follow). */
const SIGN_IN_NEEDED: unknown[] = ['unauthorized', 'like_unauthorized', 'bookmark_unauthorized', 'follow_unauthorized'];

/** Ways of sending no valid session, given the writer's real token (and a signed-out one of theirs). */
const BAD_CREDENTIALS: {
  label: string;
  header?: (token: string, revoked: string) => string;
  query?: (token: string) => string;
}[] = [
  { label: 'no Authorization header' },
  { label: 'the scheme alone', header: () => 'Bearer' },
  { label: 'an empty bearer token', header: () => 'Bearer ' },
  {
    label: 'Basic credentials',
    header: () => `Basic ${Buffer.from('writer@example.com:Secret123').toString('base64')}`,
  },
  { label: 'a token of another shape (an unsigned JWT)', header: () => 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
  { label: 'a well-formed token no session has', header: () => `Bearer ${randomBytes(32).toString('base64url')}` },
  { label: 'a real token with a character more', header: (token) => `Bearer ${token}A` },
  { label: 'a real token cut short', header: (token) => `Bearer ${token.slice(0, -1)}` },
  {
    label: 'a real token with its last character changed',
    header: (token) => `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
  },
  { label: 'a real token without its scheme', header: (token) => token },
  { label: 'a real token under another scheme', header: (token) => `Token ${token}` },
  { label: 'a real token twice', header: (token) => `Bearer ${token}, Bearer ${token}` },
  { label: 'a real token in the query string instead', query: (token) => `access_token=${token}` },
  { label: 'a real token 200 times over', header: (token) => `Bearer ${token.repeat(200)}` },
  {
    label: 'a real token with a NUL inside',
    header: (token) => `Bearer ${token.slice(0, 20)}\u0000${token.slice(21)}`,
  },
  { label: 'SQL in place of a token', header: () => "Bearer ' OR '1'='1" },
  { label: 'a signed-out token', header: (_token, revoked) => `Bearer ${revoked}` },
];

function request(
  endpoint: Endpoint,
  world: World,
  auth: { header?: string | undefined; query?: string | undefined },
): Promise<LightMyRequestResponse> {
  const [method, url] = endpoint.route.split(' ') as ['GET' | 'POST', string];
  const options: InjectOptions = {
    method,
    url: auth.query ? `${url}?${auth.query}` : url,
    headers: auth.header === undefined ? {} : { authorization: auth.header },
  };
  if (endpoint.payload) options.payload = endpoint.payload(world) as InjectOptions['payload'];
  return t.app.inject(options);
}

/** The app's routes as `METHOD /path`, read from Fastify's route tree (files of the web build left out). */
function appRoutes(): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    const isWebFile = /\.[a-z0-9]+$/i.test(path) && !path.includes(':');
    if (isWebFile || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('endpoints that need a session', () => {
  it('are every route that is not public: a new route must be put in one list or the other', () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const unlisted = routes.filter((route) => !PUBLIC.has(route) && !PROTECTED.some((e) => e.route === route));
    expect(unlisted).toEqual([]);
    expect(PROTECTED.map((e) => e.route).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(PROTECTED)(
    '$route answers 401 {error, code} to every missing or bad credential, and changes nothing',
    async (endpoint) => {
      const world = await seedWorld();
      const revoked = (await buildUser(t.app)).token;
      expect((await post(t.app, '/api/user/signout', {}, revoked)).statusCode).toBe(200);
      const before = await databaseSnapshot();

      const wrong: string[] = [];
      for (const { label, header, query } of BAD_CREDENTIALS) {
        const res = await request(endpoint, world, {
          header: header?.(world.writer.token, revoked),
          query: query?.(world.writer.token),
        });
        const body = res.headers['content-type']?.startsWith('application/json')
          ? res.json<{ error?: unknown; code?: unknown }>()
          : {};
        if (
          res.statusCode !== 401 ||
          typeof body.error !== 'string' ||
          !body.error ||
          !SIGN_IN_NEEDED.includes(body.code)
        )
          wrong.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
      if (endpoint.route.startsWith('GET ')) {
        const head = await t.app.inject({ method: 'HEAD', url: endpoint.route.slice(4) });
        expect(head.statusCode).toBe(401);
      }
      expect(await databaseSnapshot()).toEqual(before);

      // The same request with the writer's live token gets past the check, so the 401s above are about the credential.
      if (!endpoint.streams)
        expect((await request(endpoint, world, { header: `Bearer ${world.writer.token}` })).statusCode).not.toBe(401);
    },
  );

  it('like-blog says what docs/product/rules.md says to a signed-out reader', async () => {
    const { blog } = await seedWorld();
    const res = await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: Messages.loginToLike, code: 'like_unauthorized' });
  });
});

/* ---------- Roles and standing: who among the signed-in may call what ---------- */

/** `untrusted`: a member whom a moderator distrusted (policies.ts isTrusted); what it changes for them is in staff/review.test.ts. */
type Person = 'owner' | 'admin' | 'moderator' | 'member' | 'untrusted' | 'silenced';

/**
 * The answer each person gets from each staff call (a visitor and a suspended member have no
 * session: the 401s above). 200 where the rule lets them; 404 where it lets them past the role
 * check to an account that does not exist (transfer-ownership's payload names nobody).
 */
/** A call for staff (moderators and above): `answer` to them (past the role check), 403 to everyone else. */
const forStaff = (answer: number) => ({ ...forAdmins(answer), moderator: answer });
/** A call for admins and the owner: `answer` to them, 403 to everyone else. */
const forAdmins = (answer: number) => ({
  owner: answer,
  admin: answer,
  moderator: 403,
  member: 403,
  untrusted: 403,
  silenced: 403,
});

const STAFF_MATRIX: Record<string, Record<Person, number>> = {
  'POST /api/admin/members': forStaff(200),
  'POST /api/admin/member/role': forAdmins(200),
  'POST /api/admin/member/standing': forStaff(200),
  'POST /api/admin/transfer-ownership': forAdmins(404),
  'POST /api/admin/delete-member': forAdmins(404),
  'POST /api/admin/log': forStaff(200),
  'GET /api/admin/settings': forAdmins(200),
  'POST /api/admin/update-settings': forAdmins(200),
  'POST /api/admin/blocked-domains': forAdmins(200),
  'POST /api/admin/block-domain': forAdmins(200),
  'POST /api/admin/unblock-domain': forAdmins(404),
  'POST /api/admin/applications': forAdmins(200),
  'POST /api/admin/decide-application': forAdmins(404),
  'POST /api/admin/invites': forAdmins(200),
  'POST /api/admin/create-invite': forAdmins(200),
  'POST /api/admin/revoke-invite': forAdmins(404),
  'POST /api/admin/hide-blog': forStaff(200),
  'POST /api/admin/unhide-blog': forStaff(200),
  'POST /api/admin/reports': forStaff(200),
  'POST /api/admin/dismiss-reports': forStaff(200),
  'POST /api/admin/delete-comment': forStaff(200),
  'POST /api/admin/members-matching': forAdmins(200),
  'POST /api/admin/bulk-standing': forAdmins(200),
  'POST /api/admin/bulk-delete': forAdmins(409),
  'POST /api/admin/bulk-action': forAdmins(404),
  'POST /api/admin/bulk-actions': forAdmins(200),
  'POST /api/admin/review-queue': forStaff(200),
  'POST /api/admin/approve-blog': forStaff(409),
  'POST /api/admin/reject-blog': forStaff(409),
  'POST /api/admin/blocked-email-domains': forAdmins(200),
  'POST /api/admin/block-email-domain': forAdmins(200),
  'POST /api/admin/unblock-email-domain': forAdmins(404),
  'POST /api/admin/member/trust': forStaff(200),
  'GET /api/admin/health': forAdmins(200),
  'GET /api/admin/site-stats': forAdmins(200),
  'POST /api/admin/failed-jobs': forAdmins(200),
  'POST /api/admin/retry-job': forAdmins(404),
  'POST /api/admin/discard-job': forAdmins(404),
  'POST /api/admin/site-identity': forAdmins(400),
  'POST /api/admin/export': forAdmins(200),
};

/**
 * The answer each person gets from the calls every member may make whatever their role (a visitor
 * and a suspended member have no session: the 401s above). Reporting is reading's: a silenced
 * member still may. Asking for a new confirmation link is a write: a silenced member may not
 * (every account here signed up with a password, so none is confirmed).
 */
const MEMBER_MATRIX: Record<string, Record<Person, number>> = {
  'POST /api/report': { owner: 200, admin: 200, moderator: 200, member: 200, untrusted: 200, silenced: 200 },
  // Their own data is theirs to take, silenced or not.
  'POST /api/account/export': { owner: 200, admin: 200, moderator: 200, member: 200, untrusted: 200, silenced: 200 },
  'POST /api/user/resend-verification': {
    owner: 200,
    admin: 200,
    moderator: 200,
    member: 200,
    untrusted: 200,
    silenced: 403,
  },
};

/**
 * What a silenced member may still call: reading, and what concerns them alone (their reading
 * list, their notifications, their password, whom they block, removing their own things). Every
 * other route that needs a session refuses them with `account_silenced`
 * (docs/product/permissions.md).
 */
const SILENCED_MAY = new Set([
  'POST /api/imports/status',
  'POST /api/imports/list',
  'POST /api/user/isliked-by-user',
  'POST /api/blog/bookmark',
  'POST /api/user/is-bookmarked',
  'POST /api/user/reading-list',
  'POST /api/user/reading-list-count',
  'POST /api/user/is-following',
  'POST /api/blog/following-blogs',
  'POST /api/blog/all-following-blogs-count',
  'POST /api/user/subscription',
  'POST /api/user/unsubscribe',
  'POST /api/user/subscriber-count',
  'POST /api/user/change-password',
  'POST /api/account/delete',
  'POST /api/comment/delete-comment',
  'POST /notifications',
  'POST /api/notification/all-notifications-count',
  'GET /api/notification/new-notification',
  'GET /api/notification/stream',
  'POST /api/user/signout',
  'GET /api/user/me',
  'POST /api/blog/user-written-blogs',
  'POST /api/blog/user-written-blogs-count',
  'POST /api/dashboard/stats',
  'POST /api/blog/delete-blog',
  'POST /api/blog/revisions',
  'POST /api/blog/revision',
  'POST /api/blog/revoke-preview-link',
  'POST /api/user/block',
  'POST /api/user/is-blocked',
  'POST /api/user/blocked-users',
  'POST /api/user/blocked-users-count',
  ...Object.keys(STAFF_MATRIX),
  ...Object.entries(MEMBER_MATRIX)
    .filter(([, answers]) => answers.silenced !== 403)
    .map(([route]) => route),
]);

describe('roles and standing', () => {
  let people: Record<Person, TestUser>;
  beforeAll(async () => {
    const owner = siteOwner;
    people = {
      owner,
      admin: await buildUser(t.app),
      moderator: await buildUser(t.app),
      member: await buildUser(t.app),
      untrusted: await buildUser(t.app),
      silenced: await buildUser(t.app),
    };
    const act = (url: string, body: object) => post(t.app, url, body, owner.token);
    for (const [person, role] of [
      ['admin', 'admin'],
      ['moderator', 'moderator'],
    ] as const)
      expect((await act('/api/admin/member/role', { username: people[person].username, role })).statusCode).toBe(200);
    expect(
      (await act('/api/admin/member/standing', { username: people.silenced.username, standing: 'silenced' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await act('/api/admin/member/trust', { username: people.untrusted.username, trust: 'untrusted' })).statusCode,
    ).toBe(200);
  });

  it('every staff call, and reporting, answers each person as the matrices say', async () => {
    const world = await seedWorld();
    const wrong: string[] = [];
    for (const [route, answers] of Object.entries({ ...STAFF_MATRIX, ...MEMBER_MATRIX })) {
      const endpoint = PROTECTED.find((e) => e.route === route)!;
      for (const [person, status] of Object.entries(answers) as [Person, number][]) {
        const res = await request(endpoint, world, { header: `Bearer ${people[person].token}` });
        if (res.statusCode !== status) wrong.push(`${route} as ${person}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a silenced member is refused every call that puts something before others, and changes nothing', async () => {
    const world = await seedWorld();
    const before = await databaseSnapshot();
    const wrong: string[] = [];
    for (const endpoint of PROTECTED.filter((e) => !e.streams && !SILENCED_MAY.has(e.route))) {
      const res = await request(endpoint, world, { header: `Bearer ${people.silenced.token}` });
      const body = res.json<{ code?: string }>();
      if (res.statusCode !== 403 || body.code !== 'account_silenced')
        wrong.push(`${endpoint.route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(await databaseSnapshot()).toEqual(before);
    // The routes a visitor may call that write for a signed-in caller refuse them too.
    for (const [url, body] of [
      ['/api/user/subscribe', { username: world.writer.username }],
      ['/api/blog/get-blog', { blog_id: world.blog.blog_id, draft: true, mode: 'edit' }],
    ] as const) {
      const res = await post(t.app, url, body, people.silenced.token);
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, 403, 'account_silenced']);
    }
  });

  it('a silenced member still reads, and keeps what concerns them alone', async () => {
    const world = await seedWorld();
    const wrong: string[] = [];
    for (const endpoint of PROTECTED.filter((e) => !e.streams && SILENCED_MAY.has(e.route))) {
      const res = await request(endpoint, world, { header: `Bearer ${people.silenced.token}` });
      // A download (a zip) is no refusal.
      const json = String(res.headers['content-type']).startsWith('application/json');
      if (json && res.json<{ code?: string }>().code === 'account_silenced') wrong.push(endpoint.route);
    }
    expect(wrong).toEqual([]);
  });
});

/* ---------- Ownership: a signed-in stranger against the writer's things ---------- */

describe("another user's things", () => {
  it('scheduling, publishing now and preview links of someone else’s draft are refused and change nothing', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const before = await databaseSnapshot();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    for (const [path, body] of [
      ['/api/blog/schedule', { blog_id: world.draft.blog_id, publishAt: inAnHour }],
      ['/api/blog/publish-now', { blog_id: world.draft.blog_id }],
      ['/api/blog/preview-link', { blog_id: world.draft.blog_id }],
      ['/api/blog/revoke-preview-link', { blog_id: world.draft.blog_id }],
    ] as const) {
      expectRefused(await post(t.app, path, body, stranger.token));
    }
    expect(await databaseSnapshot()).toEqual(before);
  });

  it('create-blog with the id of someone else’s blog or draft edits neither', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const before = await databaseSnapshot();
    for (const target of [world.blog, world.draft]) {
      for (const draft of [false, true]) {
        const res = await post(
          t.app,
          '/api/blog/create-blog',
          publishableBlog({ id: target.blog_id, title: 'Hijacked', draft }),
          stranger.token,
        );
        expectRefused(res);
      }
    }
    expect(await databaseSnapshot()).toEqual(before);
    expect(await readBlogAsAuthor(world, world.blog)).toEqual(world.blog);
    expect((await blogInEditMode(world.draft.blog_id, world.writer)).json<{ blog: Blog }>().blog).toEqual(world.draft);
  });

  it('get-blog shows a draft to its author alone, whatever the body says', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    for (const as of [stranger, world.reader, undefined]) {
      for (const body of [
        { blog_id: world.draft.blog_id, draft: true, mode: 'edit' },
        { blog_id: world.draft.blog_id },
        { blog_id: world.draft.blog_id, mode: 'read' },
        { blog_id: world.draft.blog_id, draft: true },
        { blog_id: world.draft.blog_id, draft: false, mode: '' },
      ]) {
        const res = await post(t.app, '/api/blog/get-blog', body, as?.token);
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
        expect(res.body).not.toContain('Secret plans');
      }
    }
    expect((await blogInEditMode(world.draft.blog_id, world.writer)).statusCode).toBe(200);
    // Nor does the draft turn up in any list a stranger can ask for.
    const words = world.draft.title;
    for (const [url, body] of [
      ['/api/blog/search-blogs', { query: words }],
      ['/api/blog/search-blogs', { author: world.writer.username }],
      ['/api/blog/latest-blogs', { page: 1 }],
      ['/api/blog/user-written-blogs', { draft: true, author: world.writer.username }],
    ] as const) {
      const res = await post(t.app, url, body, stranger.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(world.draft.blog_id);
    }
  });

  it('the author’s statistics: another’s blog is 404 as one that is not there, and no body names another author', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    for (const blog of [world.blog, world.draft]) {
      const res = await post(t.app, '/api/dashboard/stats', { period: 'all', blog_id: blog.blog_id }, stranger.token);
      expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([404, 'blog_not_found']);
    }
    // Extra keys are dropped: the stranger's own numbers, which are none.
    const res = await post(
      t.app,
      '/api/dashboard/stats',
      { period: 'all', author: world.writer.username },
      stranger.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ likes: { total: number } }>().likes.total).toBe(0);
  });

  it("delete-blog refuses someone else's blog and draft, which stay as they were", async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    await buildBlog(t.app, stranger);
    const before = await databaseSnapshot();
    for (const target of [world.blog, world.draft])
      expectRefused(await post(t.app, '/api/blog/delete-blog', { blog_id: target.blog_id }, stranger.token));
    expect(await databaseSnapshot()).toEqual(before);
    expect(await readBlogAsAuthor(world, world.blog)).toEqual(world.blog);
    expect((await blogInEditMode(world.draft.blog_id, world.writer)).statusCode).toBe(200);
  });

  it('delete-comment: a stranger (even the author of another blog) cannot; the commenter and the blog’s author can (docs/product/permissions.md)', async () => {
    const world = await seedWorld();
    const otherAuthor = await buildUser(t.app);
    await buildBlog(t.app, otherAuthor);
    const writersOwn = await buildComment(t.app, world.writer, world.blog, { comment: 'Author answers' });
    const readersSecond = await buildComment(t.app, world.reader, world.blog, { comment: 'Reader again' });
    const reply = await buildComment(t.app, otherAuthor, world.blog, {
      comment: 'A reply',
      replying_to: world.comment._id,
    });
    const remove = (as: TestUser, comment: Comment) =>
      post(t.app, '/api/comment/delete-comment', { _id: comment._id, blog_author: as.username }, as.token);

    const before = await databaseSnapshot();
    for (const comment of [world.comment, writersOwn, readersSecond])
      expectRefused(await remove(otherAuthor, comment), [403]);
    // A commenter may delete their own comments only, not the author's nor a comment they were replied to by.
    expectRefused(await remove(world.reader, writersOwn), [403]);
    expectRefused(await remove(world.reader, reply), [403]);
    expect(await databaseSnapshot()).toEqual(before);

    expect((await remove(world.writer, world.comment)).statusCode).toBe(200);
    expect((await remove(world.reader, readersSecond)).statusCode).toBe(200);
    expect(await comments(world.blog)).toEqual(['Author answers']);
  });

  it('notifications: each user reads, counts and marks seen only their own, whatever the body says', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const writerProfile = await profile(world.writer.username);
    const pointAtWriter = {
      user_id: writerProfile._id,
      userId: writerProfile._id,
      notification_for: writerProfile._id,
      username: world.writer.username,
    };

    const list = await post(t.app, '/notifications', { page: 1, filter: 'all', ...pointAtWriter }, stranger.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ notifications: [] });
    expect(await notificationCount(stranger, pointAtWriter)).toBe(0);
    expect(await hasNewNotification(stranger)).toBe(false);

    // The stranger's listing marked nothing of the writer's as seen.
    expect(await hasNewNotification(world.writer)).toBe(true);
    expect(await notificationCount(world.writer)).toBe(2);
    const own = await post(t.app, '/notifications', { page: 1, filter: 'all' }, world.writer.token);
    expect(own.json<{ notifications: unknown[] }>().notifications).toHaveLength(2);
    expect(await hasNewNotification(world.writer)).toBe(false);
  });

  it('update-profile and update-profile-img change the caller’s account only', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const writerBefore = { me: await me(world.writer), profile: await profile(world.writer.username) };
    const pointAtWriter = {
      _id: writerBefore.profile._id,
      id: writerBefore.profile._id,
      user_id: writerBefore.profile._id,
      email: world.writer.email,
    };

    const taken = await post(
      t.app,
      '/api/user/update-profile',
      { username: world.writer.username.toUpperCase(), bio: 'Mine now' },
      stranger.token,
    );
    expectRefused(taken, [409]);
    const ownName = `stranger_${uniqueId()}`.slice(0, 30);
    const renamed = await post(
      t.app,
      '/api/user/update-profile',
      { username: ownName, bio: 'Stranger bio', ...pointAtWriter },
      stranger.token,
    );
    expect(renamed.statusCode).toBe(200);
    const picture = await uploadImage(stranger);
    const img = await post(
      t.app,
      '/api/user/update-profile-img',
      { url: picture, username: world.writer.username, ...pointAtWriter },
      stranger.token,
    );
    expect(img.statusCode).toBe(200);

    expect(await me(world.writer)).toEqual(writerBefore.me);
    expect(await profile(world.writer.username)).toEqual(writerBefore.profile);
    expect((await me(stranger)).personal_info).toMatchObject({
      username: ownName,
      bio: 'Stranger bio',
      profile_img: picture,
      email: stranger.email,
    });
  });

  it('change-password and sign-out act on the caller’s own account and session only', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const pointAtWriter = {
      email: world.writer.email,
      username: world.writer.username,
      _id: (await profile(world.writer.username))._id,
    };

    // The writer's password is no help to a stranger: it is checked against the stranger's own.
    const guessed = await post(
      t.app,
      '/api/user/change-password',
      { currentPassword: world.writer.password, newPassword: 'Hijack123', ...pointAtWriter },
      stranger.token,
    );
    expectRefused(guessed, [403]);
    const changed = await post(
      t.app,
      '/api/user/change-password',
      { currentPassword: stranger.password, newPassword: 'Changed123', ...pointAtWriter },
      stranger.token,
    );
    expect(changed.statusCode).toBe(200);
    expect((await signIn(world.writer.email, world.writer.password)).statusCode).toBe(200);
    expect((await signIn(world.writer.email, 'Changed123')).statusCode).toBe(401);
    expect((await signIn(stranger.email, 'Changed123')).statusCode).toBe(200);

    const out = await post(
      t.app,
      '/api/user/signout',
      { access_token: world.writer.token, token: world.writer.token, ...pointAtWriter },
      stranger.token,
    );
    expect(out.statusCode).toBe(200);
    expect(await me(world.writer)).toMatchObject({ personal_info: { username: world.writer.username } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(stranger.token) })).statusCode,
    ).toBe(401);
  });

  it('the dashboard lists, counts and searches the caller’s own blogs only, whatever the body names', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const own = await buildBlog(t.app, stranger, { title: 'Stranger things' });
    const writerId = (await profile(world.writer.username))._id;
    const pointAtWriter = {
      author: world.writer.username,
      user_id: writerId,
      author_id: writerId,
      username: world.writer.username,
    };

    for (const draft of [false, true]) {
      const list = await post(t.app, '/api/blog/user-written-blogs', { draft, ...pointAtWriter }, stranger.token);
      expect(list.statusCode).toBe(200);
      expect(list.json<{ blogs: { blog_id: string }[] }>().blogs.map((b) => b.blog_id)).toEqual(draft ? [] : [own]);
      const count = await post(
        t.app,
        '/api/blog/user-written-blogs-count',
        { draft, ...pointAtWriter },
        stranger.token,
      );
      expect(count.json()).toEqual({ totalDocs: draft ? 0 : 1 });
    }
    const searched = await post(
      t.app,
      '/api/blog/user-written-blogs',
      { query: 'Secret plans', draft: true, ...pointAtWriter },
      stranger.token,
    );
    expect(searched.json()).toEqual({ blogs: [] });
  });

  it('isliked-by-user answers for the caller, not for whoever the body names', async () => {
    const world = await seedWorld();
    const stranger = await buildUser(t.app);
    const readerId = (await profile(world.reader.username))._id;
    const res = await post(
      t.app,
      '/api/user/isliked-by-user',
      { _id: world.blog._id, user_id: readerId, userId: readerId },
      stranger.token,
    );
    expect(res.json()).toEqual({ result: false });
    const readers = await post(t.app, '/api/user/isliked-by-user', { _id: world.blog._id }, world.reader.token);
    expect(readers.json()).toEqual({ result: true });
  });
});

/* ---------- Mass assignment: every write body with fields it does not own ---------- */

/**
 * Keys no write body may set, all pointing at `victim` or at values nobody may choose. A body's own
 * contract fields are spread after these, so each request is otherwise valid.
 */
function hostileExtras(victim: { _id: string; username: string; email: string }) {
  const personalInfo = {
    fullname: 'Site Admin',
    username: victim.username,
    email: victim.email,
    profile_img: 'javascript:alert(1)',
    bio: 'owned',
  };
  return {
    _id: victim._id,
    id: victim._id,
    user_id: victim._id,
    author: { _id: victim._id, personal_info: personalInfo },
    author_id: victim._id,
    authorId: victim._id,
    blog_author: victim._id,
    commented_by: { _id: victim._id, personal_info: personalInfo },
    activity: { total_likes: 999, total_comments: 999, total_parent_comments: 999, total_reads: 999 },
    total_likes: 999,
    total_reads: 999,
    total_comments: 999,
    publishedAt: '2000-01-01T00:00:00.000Z',
    published_at: '2000-01-01T00:00:00.000Z',
    createdAt: '2000-01-01T00:00:00.000Z',
    commentedAt: '2000-01-01T00:00:00.000Z',
    joinedAt: '2000-01-01T00:00:00.000Z',
    email: victim.email,
    password: 'Hijack123',
    password_hash: 'not-a-hash',
    passwordHash: 'not-a-hash',
    google_sub: 'google-123',
    personal_info: personalInfo,
    account_info: { total_posts: 999, total_reads: 999, total_followers: 999, total_following: 999 },
    total_followers: 999,
    total_following: 999,
    fullname: 'Site Admin',
    username: victim.username,
    profile_img: 'javascript:alert(1)',
    role: 'admin',
    admin: true,
    is_admin: true,
    draft: false,
    blog_id: `chosen-${uniqueId()}`,
    liked_by_user: true,
    children: [victim._id],
    parent: victim._id,
    // Computed, so the body really carries the key (a literal __proto__ would only set the prototype).
    ['__proto__']: { admin: true },
    constructor: { prototype: { admin: true } },
  };
}

async function victimOf(world: World) {
  const victim = await profile(world.writer.username);
  return {
    victim: { _id: victim._id, username: victim.personal_info.username, email: world.writer.email },
    victimProfile: victim,
    victimMe: await me(world.writer),
  };
}

const recent = (iso: string | null) => expect(Date.now() - Date.parse(iso ?? '')).toBeLessThan(60_000);

describe('extra fields in write bodies', () => {
  it('sign-up: the new account gets its own id, username, picture, counters and join date; nobody else changes', async () => {
    const world = await seedWorld();
    const { victim, victimProfile, victimMe } = await victimOf(world);
    const email = `newcomer.${uniqueId()}@example.com`;
    const res = await post(t.app, '/api/user/signup', {
      ...hostileExtras(victim),
      fullname: 'New Comer',
      email,
      password: 'Secret123',
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ username: string; fullname: string; profile_img: string }>();
    expect(session.fullname).toBe('New Comer');
    expect(session.username).toMatch(/^newcomer\./);
    expect(session.profile_img).toBe(`http://localhost:80/api/avatar/${session.username}.svg`);

    const created = await profile(session.username);
    expect(created._id).not.toBe(victim._id);
    expect(created.account_info).toEqual({ total_posts: 0, total_reads: 0, total_followers: 0, total_following: 0 });
    recent(created.joinedAt);
    expect(created.personal_info.bio).toBe('');
    expect((await signIn(email, 'Secret123')).statusCode).toBe(200);
    expect((await signIn(email, 'Hijack123')).statusCode).toBe(401);
    expect(await profile(world.writer.username)).toEqual(victimProfile);
    expect(await me(world.writer)).toEqual(victimMe);
  });

  it('create-blog: author, counters, publishing date and blog_id are the server’s, on create and on edit', async () => {
    const world = await seedWorld();
    const { victim, victimProfile } = await victimOf(world);
    const poster = await buildUser(t.app, { fullname: 'Pat Poster' });
    // `id` is create-blog's own field (the blog to edit), so it is left out here and tried in the ownership tests.
    const { id: _editId, ...extras } = hostileExtras(victim);
    const body = { ...extras, ...publishableBlog({ title: 'Honest title' }) };
    const created = await post(t.app, '/api/blog/create-blog', body, poster.token);
    expect(created.statusCode).toBe(200);
    const blogId = created.json<{ id: string }>().id;
    expect(blogId).not.toBe(body.blog_id);

    const blog = await fetchBlog(t.app, blogId, poster);
    expect(blog.author.personal_info).toEqual({
      fullname: 'Pat Poster',
      username: poster.username,
      profile_img: poster.session.profile_img,
    });
    expect(blog.activity).toEqual({ total_likes: 0, total_comments: 0, total_parent_comments: 0, total_reads: 0 });
    expect(blog._id).not.toBe(victim._id);
    recent(blog.publishedAt);

    const edited = await post(
      t.app,
      '/api/blog/create-blog',
      { ...extras, ...publishableBlog({ title: 'Edited title' }), id: blogId },
      poster.token,
    );
    const after = await fetchBlog(t.app, blogId, poster);
    expect(edited.json()).toEqual({ id: blogId, updatedAt: after.updatedAt, awaiting_review: false });
    expect(after).toEqual({ ...blog, title: 'Edited title', updatedAt: after.updatedAt });
    expect((await profile(poster.username)).account_info.total_posts).toBe(1);
    expect(await profile(world.writer.username)).toEqual(victimProfile);
  });

  it('update-profile: e-mail, full name, picture, password, counters and join date stay', async () => {
    const world = await seedWorld();
    const { victim, victimProfile, victimMe } = await victimOf(world);
    const user = await buildUser(t.app, { fullname: 'Ursula User' });
    const before = { me: await me(user), profile: await profile(user.username) };
    const username = `ursula_${uniqueId()}`.slice(0, 30);
    const res = await post(
      t.app,
      '/api/user/update-profile',
      { ...hostileExtras(victim), username, bio: 'Just me' },
      user.token,
    );
    expect(res.json()).toEqual({ username });

    expect(await me(user)).toEqual({
      ...before.me,
      personal_info: { ...before.me.personal_info, username, bio: 'Just me' },
    });
    const after = await profile(username);
    expect(after).toEqual({
      ...before.profile,
      personal_info: { ...before.profile.personal_info, username, bio: 'Just me' },
    });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, 'Hijack123')).statusCode).toBe(401);
    expect(await profile(world.writer.username)).toEqual(victimProfile);
    expect(await me(world.writer)).toEqual(victimMe);
  });

  it('update-profile-img: only the picture changes', async () => {
    const world = await seedWorld();
    const { victim, victimMe } = await victimOf(world);
    const user = await buildUser(t.app);
    const before = await me(user);
    const url = await uploadImage(user);
    const res = await post(
      t.app,
      '/api/user/update-profile-img',
      { ...hostileExtras(victim), url, bio: 'changed' },
      user.token,
    );
    expect(res.json()).toEqual({ profile_img: url });
    expect(await me(user)).toEqual({ ...before, personal_info: { ...before.personal_info, profile_img: url } });
    expect(await me(world.writer)).toEqual(victimMe);
  });

  it('change-password: only the caller’s password changes, to the newPassword of the body', async () => {
    const world = await seedWorld();
    const { victim, victimMe } = await victimOf(world);
    const user = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/change-password',
      { ...hostileExtras(victim), currentPassword: user.password, newPassword: 'Renewed123' },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect((await signIn(user.email, 'Renewed123')).statusCode).toBe(200);
    expect((await signIn(user.email, 'Hijack123')).statusCode).toBe(401);
    expect((await signIn(world.writer.email, world.writer.password)).statusCode).toBe(200);
    expect(await me(world.writer)).toEqual(victimMe);
  });

  it('add-comment: the commenter, time, thread and notified author are the server’s; counters move by one', async () => {
    const world = await seedWorld();
    const bystander = await buildUser(t.app);
    const bystanderId = (await profile(bystander.username))._id;
    const commenter = await buildUser(t.app, { fullname: 'Cora Commenter' });
    const extras = {
      ...hostileExtras({ _id: bystanderId, username: bystander.username, email: bystander.email }),
      blog_author: bystanderId,
    };
    const before = (await readBlogAsAuthor(world, world.blog)).activity;
    const writerCount = await notificationCount(world.writer);

    const added = await buildComment(t.app, commenter, world.blog, {
      ...extras,
      _id: world.blog._id,
      comment: 'Plain words',
    });
    expect(added).toMatchObject({
      comment: 'Plain words',
      commented_by: {
        personal_info: {
          fullname: 'Cora Commenter',
          username: commenter.username,
          profile_img: commenter.session.profile_img,
        },
      },
      children: [],
      parent: null,
      blog_id: world.blog.blog_id,
    });
    recent(added.commentedAt);
    expect((await readBlogAsAuthor(world, world.blog)).activity).toEqual({
      ...before,
      total_comments: before.total_comments + 1,
      total_parent_comments: before.total_parent_comments + 1,
    });
    expect(await notificationCount(world.writer)).toBe(writerCount + 1);
    expect(await notificationCount(bystander)).toBe(0);
    expect(await comments(world.blog)).toEqual(['Plain words', 'Reader was here']);
  });

  it('like-blog: the like is the caller’s and the count moves by one', async () => {
    const world = await seedWorld();
    const { victim } = await victimOf(world);
    const liker = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/blog/like-blog',
      { ...hostileExtras(victim), _id: world.blog._id, isLikedByUser: false },
      liker.token,
    );
    expect(res.json()).toEqual({ liked_by_user: true, total_likes: 2 });
    expect((await readBlogAsAuthor(world, world.blog)).activity.total_likes).toBe(2);
    expect((await post(t.app, '/api/user/isliked-by-user', { _id: world.blog._id }, liker.token)).json()).toEqual({
      result: true,
    });
    expect(
      (await post(t.app, '/api/user/isliked-by-user', { _id: world.blog._id }, world.writer.token)).json(),
    ).toEqual({ result: false });
  });

  it('follow: the follower is the caller, whoever the body names, and the counts move by one', async () => {
    const world = await seedWorld();
    const { victim } = await victimOf(world);
    const fan = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/follow',
      { ...hostileExtras(victim), username: world.writer.username, isFollowing: false },
      fan.token,
    );
    expect(res.json()).toEqual({ following: true, total_followers: 1 });
    await t.app.readCache.flushCounts(); // counts reach anonymous profiles within their lag
    expect((await profile(fan.username)).account_info).toMatchObject({ total_followers: 0, total_following: 1 });
    expect((await profile(world.writer.username)).account_info).toMatchObject({
      total_followers: 1,
      total_following: 0,
    });
    expect(
      (await post(t.app, '/api/user/is-following', { username: world.writer.username }, world.reader.token)).json(),
    ).toEqual({ result: false });
  });

  it('block: the blocker is the caller, whoever the body names, and only they see it', async () => {
    const world = await seedWorld();
    const { victim } = await victimOf(world);
    const blocker = await buildUser(t.app);
    const res = await post(
      t.app,
      '/api/user/block',
      {
        ...hostileExtras(victim),
        blockerId: victim._id,
        blocker_id: victim._id,
        username: world.writer.username,
        block: true,
      },
      blocker.token,
    );
    expect(res.json()).toEqual({ blocked: true });
    const blocked = async (user: TestUser) => ({
      ...(await post(t.app, '/api/user/blocked-users', { page: 1 }, user.token)).json<object>(),
      ...(await post(t.app, '/api/user/blocked-users-count', {}, user.token)).json<object>(),
    });
    expect(await blocked(blocker)).toMatchObject({ totalDocs: 1, users: [{ username: world.writer.username }] });
    for (const other of [world.reader, world.writer]) expect(await blocked(other)).toEqual({ users: [], totalDocs: 0 });
    expect(
      (await post(t.app, '/api/user/is-blocked', { username: blocker.username }, world.writer.token)).json(),
    ).toEqual({ blocked: false });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { fakeWebDist, metaContent } from '../../test/web-dist.ts';

const ORIGIN = 'https://blog.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist(), PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());

const createLink = (blogId: string, user?: TestUser) =>
  post(t.app, '/api/blog/preview-link', { blog_id: blogId }, user?.token);
const revoke = (blogId: string, user?: TestUser) =>
  post(t.app, '/api/blog/revoke-preview-link', { blog_id: blogId }, user?.token);
const preview = (token: string) => post(t.app, '/api/blog/preview', { token });
const page = (token: string) => t.app.inject({ method: 'GET', url: `/preview/${token}` });
async function tokenOf(blogId: string, author: TestUser) {
  const res = await createLink(blogId, author);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  expect(url).toMatch(new RegExp(`^${ORIGIN}/preview/[A-Za-z0-9_-]{43}$`));
  return url.slice(`${ORIGIN}/preview/`.length);
}

describe('draft preview links', () => {
  it('open the draft to anyone holding the link, as readers will see it, kept from caches and search engines', async () => {
    const author = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true, title: 'Not out yet' });
    const token = await tokenOf(blogId, author);

    const res = await preview(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().blog).toMatchObject({
      blog_id: blogId,
      title: 'Not out yet',
      draft: true,
      can: { edit: false, delete: false },
      publishAt: null,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);

    const html = await page(token);
    expect(html.statusCode).toBe(200);
    expect(html.headers['x-robots-tag']).toMatch(/noindex/);
    expect(html.headers['cache-control']).toBe('private, no-store');
    expect(metaContent(html.body, 'robots')).toBe('noindex, nofollow');
    // Still a draft to everyone else.
    expect((await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).statusCode).toBe(404);
  });

  it('keeps only a hash of the token, and a new link or a revocation ends the old one', async () => {
    const author = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true });
    const first = await tokenOf(blogId, author);
    const stored = await queryRows<{ token_hash: string }>(t.app.db, sql`select token_hash from blog_preview_links`);
    expect(stored.some((row) => row.token_hash.includes(first))).toBe(false);

    const second = await tokenOf(blogId, author);
    expect(second).not.toBe(first);
    const old = await preview(first);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: ErrorMessages.preview_link_invalid, code: 'preview_link_invalid' });
    expect((await page(first)).statusCode).toBe(404);
    expect((await preview(second)).statusCode).toBe(200);

    expect((await revoke(blogId, author)).json()).toEqual({ status: 'done' });
    expect((await preview(second)).statusCode).toBe(404);
    expect((await page(second)).statusCode).toBe(404);
    expect((await preview('no-such-token')).statusCode).toBe(404);
  });

  it('are the author’s alone: 404 for anyone else, 401 without a session, and none for a published blog', async () => {
    const author = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true });
    const token = await tokenOf(blogId, author);
    for (const call of [createLink, revoke]) {
      const res = await call(blogId, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Blog not found', code: 'blog_not_found' });
      expect((await call(blogId)).statusCode).toBe(401);
    }
    expect((await preview(token)).statusCode).toBe(200);

    const published = await buildBlog(t.app, author);
    const refused = await createLink(published, author);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: ErrorMessages.published_blog_preview, code: 'published_blog_preview' });
  });

  it('count no read, even of a blog published since the link was made', async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true });
    const token = await tokenOf(blogId, author);
    expect((await post(t.app, '/api/blog/publish-now', { blog_id: blogId }, author.token)).statusCode).toBe(200);
    await post(t.app, '/api/blog/preview', { token }, reader.token);
    await preview(token);
    await page(token);
    await t.app.readCounts.flush();
    expect((await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).json().blog.activity.total_reads).toBe(0);
  });

  it('go with the blog when it is deleted', async () => {
    const author = await buildUser(t.app);
    const blogId = await buildBlog(t.app, author, { draft: true });
    const token = await tokenOf(blogId, author);
    expect((await post(t.app, '/api/blog/delete-blog', { blog_id: blogId }, author.token)).statusCode).toBe(200);
    expect((await preview(token)).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, type TestUser } from '../../test/factories.ts';
import { fakeWebDist, metaContent } from '../../test/web-dist.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist() });
  author = await buildUser(t.app);
});
afterAll(() => t.close());

/** The status of a page and whether it is the web app (whose router shows the screen, 'Page not found' included). */
const open = async (url: string, method: 'GET' | 'HEAD' = 'GET') => {
  const res = await t.app.inject({ method, url });
  return {
    status: res.statusCode,
    app:
      String(res.headers['content-type']).startsWith('text/html') &&
      (method === 'HEAD' || res.body.includes('<div id="root">')),
  };
};

describe('the status of a page', () => {
  it('is 200 for the home page, a published blog and a known user (any case)', async () => {
    const blogId = await buildBlog(t.app, author);
    for (const url of [
      '/',
      `/blog/${blogId}`,
      `/blog/${blogId}/`,
      `/user/${author.username}`,
      `/user/${author.username.toUpperCase()}`,
    ]) {
      expect(await open(url), url).toEqual({ status: 200, app: true });
    }
  });

  it('is 404 with the web app for an unknown blog, a draft and an unknown user', async () => {
    const draftId = await buildBlog(t.app, author, { draft: true });
    for (const url of [
      '/blog/nope-123',
      `/blog/${draftId}`,
      '/user/nobody-goes-by-this-name',
      '/user/nobody?tab=about',
    ]) {
      expect(await open(url), url).toEqual({ status: 404, app: true });
      expect(await open(url, 'HEAD'), `HEAD ${url}`).toEqual({ status: 404, app: true });
    }
  });

  it('leaves other paths to the web app’s router, which alone knows them all', async () => {
    for (const url of ['/no/such/page', '/blog/', '/blog/a/b', '/editor', '/dashboard/blogs']) {
      expect(await open(url), url).toEqual({ status: 200, app: true });
    }
  });
});

describe('what search engines may index', () => {
  it('keeps search results out of the index but follows their links; the home, blogs and profiles are indexed', async () => {
    const blogId = await buildBlog(t.app, author);
    for (const url of ['/search/walk', '/search/a%20walk?page=2']) {
      const res = await t.app.inject(url);
      expect(metaContent(res.body, 'robots'), url).toBe('noindex, follow');
    }
    for (const url of ['/', `/blog/${blogId}`, `/user/${author.username}`]) {
      const res = await t.app.inject(url);
      expect(metaContent(res.body, 'robots'), url).toBeUndefined();
    }
  });
});

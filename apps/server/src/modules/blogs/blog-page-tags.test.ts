import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, type TestUser } from '../../test/factories.ts';
import { fakeWebDist, metaContent as meta } from '../../test/web-dist.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: fakeWebDist(), PUBLIC_URL: 'https://blog.example.org' });
  author = await buildUser(t.app);
});
afterAll(() => t.close());

const page = async (url: string, status = 200) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
};

describe('share tags of /blog/{blog_id}', () => {
  it('puts the title, description, canonical URL and absolute image of a published blog into the page', async () => {
    const blogId = await buildBlog(t.app, author, { title: 'Tea & <Biscuits> "daily"', des: 'A short one about tea.' });
    const html = await page(`/blog/${blogId}`);
    expect(html).toContain('<title>Tea &amp; &lt;Biscuits&gt; &quot;daily&quot; | Inkwell</title>');
    expect(meta(html, 'description')).toBe('A short one about tea.');
    // The blog's description alone: not the site's beside it.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="https://blog.example.org/blog/${blogId}">`);
    expect(meta(html, 'og:title')).toBe('Tea &amp; &lt;Biscuits&gt; &quot;daily&quot;');
    expect(meta(html, 'og:url')).toBe(`https://blog.example.org/blog/${blogId}`);
    expect(meta(html, 'og:image')).toBe('https://blog.example.org/uploads/banner.webp');
    expect(meta(html, 'twitter:image')).toBe('https://blog.example.org/uploads/banner.webp');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('keeps an absolute banner URL as it is', async () => {
    const blogId = await buildBlog(t.app, author, { banner: 'https://images.example.com/b.png' });
    expect(meta(await page(`/blog/${blogId}`), 'og:image')).toBe('https://images.example.com/b.png');
  });

  it('never shows a draft’s title, and leaves unknown (404) or odd paths with the plain page', async () => {
    const draftId = await buildBlog(t.app, author, { draft: true, title: 'Secret launch plans' });
    for (const [url, status] of [
      [`/blog/${draftId}`, 404],
      ['/blog/no-such-blog', 404],
      ['/blog/a/b', 200],
      ['/blog/', 200],
    ] as const) {
      const html = await page(url, status);
      expect(html).not.toContain('Secret launch plans');
      expect(html).toContain('<title>Inkwell</title>');
      expect(html).not.toContain('og:title');
    }
  });
});

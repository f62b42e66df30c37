import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parse, validate } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import robotsParserModule from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { sitemapIndex, sitemapPage } from './sitemap.service.ts';

const ORIGIN = 'https://blog.example.org';
const require = createRequire(import.meta.url);

/**
 * The sitemaps.org schemas: a urlset's as the npm sitemap package ships it, a sitemap index's
 * written out beside this file from sitemaps.org. Checked by libxml2 (xmllint-wasm), as a crawler's
 * validator would.
 */
const schemas = {
  urlset: readFileSync(new URL('schema/sitemap.xsd', pathToFileURL(require.resolve('sitemap/package.json'))), 'utf8'),
  sitemapindex: readFileSync(new URL('siteindex.xsd', import.meta.url), 'utf8'),
};

async function expectValid(body: string, root: keyof typeof schemas, url: string) {
  const result = await validateXML({
    xml: [{ fileName: url, contents: body }],
    schema: [{ fileName: `${root}.xsd`, contents: schemas[root] }],
  });
  expect(
    result.errors.map((e) => e.message),
    url,
  ).toEqual([]);
  expect(result.valid, url).toBe(true);
}

/** A Last-Modified is sent once the second of the last change is over (visibility's listing-changes.ts): the next second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
// CommonJS typed as an ES module: what Node hands over as the default is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let draftOnly: TestUser;
const blogIds: string[] = [];
let draftId: string;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: ORIGIN });
  [ann, bob, draftOnly] = [await buildUser(t.app), await buildUser(t.app), await buildUser(t.app)];
  blogIds.push(await buildBlog(t.app, ann), await buildBlog(t.app, bob), await buildBlog(t.app, ann));
  draftId = await buildBlog(t.app, draftOnly, { draft: true });
});
afterAll(() => t.close());

/** The document a crawler reads: well-formed XML, parsed. */
function xml(body: string) {
  expect(validate(body)).toBe(true);
  return parse(body, { ignoreAttributes: false, arrayMode: (name: string) => ['url', 'sitemap'].includes(name) });
}

async function fetchXml(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  return xml(res.body);
}

const absolute = (path: string) => `${ORIGIN}${path}`;
const locs = (doc: { urlset: { url: { loc: string }[] } }) => doc.urlset.url.map((u) => u.loc);

describe('/sitemap.xml', () => {
  it('is an index of the home page’s sitemap and one page of blogs and of authors', async () => {
    const index = await fetchXml('/sitemap.xml');
    expect(index.sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      `${ORIGIN}/sitemap-home.xml`,
      `${ORIGIN}/sitemap-blogs-1.xml`,
      `${ORIGIN}/sitemap-authors-1.xml`,
    ]);
    expect(locs(await fetchXml('/sitemap-home.xml'))).toEqual([`${ORIGIN}/`]);
  });

  it('lists every published blog, oldest first, with its last edit as lastmod, and never a draft', async () => {
    await post(
      t.app,
      '/api/blog/create-blog',
      { ...publishableBlog({ title: 'Edited later' }), id: blogIds[0] },
      ann.token,
    );
    const page = await fetchXml('/sitemap-blogs-1.xml');
    expect(locs(page)).toEqual(blogIds.map((id) => `${ORIGIN}/blog/${id}`));
    const lastmods = page.urlset.url.map((u: { lastmod: string }) => Date.parse(u.lastmod));
    // The first blog was edited after the others were published.
    expect(lastmods[0]).toBeGreaterThan(lastmods[2]);
    expect(JSON.stringify(page)).not.toContain(draftId);
  });

  it('lists the authors with a published blog, lastmod from their newest edit', async () => {
    const page = await fetchXml('/sitemap-authors-1.xml');
    expect(locs(page).sort()).toEqual([ann, bob].map((u) => `${ORIGIN}/user/${u.username}`).sort());
    const blogEdits = new Map<string, string>(
      (await fetchXml('/sitemap-blogs-1.xml')).urlset.url.map((u: { loc: string; lastmod: string }) => [
        u.loc,
        u.lastmod,
      ]),
    );
    const annEdits = [blogIds[0], blogIds[2]].map((id) => Date.parse(blogEdits.get(`${ORIGIN}/blog/${id}`)!));
    const annPage = page.urlset.url.find((u: { loc: string }) => u.loc === `${ORIGIN}/user/${ann.username}`);
    expect(Date.parse(annPage.lastmod)).toBe(Math.max(...annEdits));
  });

  it('is 404 past the last page', async () => {
    for (const url of ['/sitemap-blogs-2.xml', '/sitemap-authors-2.xml', '/sitemap-blogs-0.xml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('splits blogs and authors into pages of the page size, each page holding the next ones', async () => {
    const index = xml((await sitemapIndex(t.app.db, absolute, 2)).body);
    expect(index.sitemapindex.sitemap.map((s: { loc: string }) => s.loc)).toEqual([
      `${ORIGIN}/sitemap-home.xml`,
      `${ORIGIN}/sitemap-blogs-1.xml`,
      `${ORIGIN}/sitemap-blogs-2.xml`,
      `${ORIGIN}/sitemap-authors-1.xml`,
    ]);
    const pages = await Promise.all([1, 2, 3].map((n) => sitemapPage(t.app.db, 'blogs', n, absolute, 2)));
    expect(pages.map((page) => page && locs(xml(page.body)))).toEqual([
      blogIds.slice(0, 2).map((id) => `${ORIGIN}/blog/${id}`),
      [`${ORIGIN}/blog/${blogIds[2]}`],
      null,
    ]);
  });

  it('passes the sitemaps.org schemas: the index and every sitemap it names', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    await expectValid(index.body, 'sitemapindex', '/sitemap.xml');
    const sitemaps = xml(index.body).sitemapindex.sitemap.map((s: { loc: string }) => s.loc.slice(ORIGIN.length));
    expect(sitemaps).toHaveLength(3);
    for (const url of sitemaps) await expectValid((await t.app.inject({ method: 'GET', url })).body, 'urlset', url);
  });

  it('sends Last-Modified on the index and every sitemap, and answers 304 to it, with Vary', async () => {
    await nextSecond();
    for (const url of ['/sitemap.xml', '/sitemap-home.xml', '/sitemap-blogs-1.xml', '/sitemap-authors-1.xml']) {
      const first = await t.app.inject({ method: 'GET', url });
      const lastModified = String(first.headers['last-modified']);
      expect(new Date(lastModified).toUTCString(), url).toBe(lastModified);
      // From the read cache, and (a bearer token passes it by) from the route.
      for (const headers of [{}, bearer(ann.token)]) {
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'if-modified-since': lastModified, 'accept-encoding': 'gzip' },
        });
        expect(again.statusCode, url).toBe(304);
        expect(again.headers.vary, url).toMatch(/accept-encoding/i);
      }
    }
  });

  it('moves Last-Modified on when a blog leaves, so a crawler holding the old one gets the sitemaps again', async () => {
    const gone = await buildBlog(t.app, bob, { title: 'Soon gone' });
    await nextSecond();
    const urls = ['/sitemap.xml', '/sitemap-blogs-1.xml', '/sitemap-authors-1.xml'];
    const before = new Map<string, string>();
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      before.set(url, String(res.headers['last-modified']));
    }
    const deleted = await post(t.app, '/api/blog/delete-blog', { blog_id: gone }, bob.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    await nextSecond();
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'if-modified-since': before.get(url)! } });
      expect(res.statusCode, url).toBe(200);
      expect(Date.parse(String(res.headers['last-modified'])), url).toBeGreaterThan(Date.parse(before.get(url)!));
    }
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-blogs-1.xml' })).body).not.toContain(gone);
  });

  it('answers 304 to its own ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/sitemap-blogs-1.xml' });
    expect(first.headers['last-modified']).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap-blogs-1.xml',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('/robots.txt', () => {
  it('keeps crawlers out of the signed-in screens and the API, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Disallow: /editor',
        'Disallow: /dashboard',
        'Disallow: /settings',
        'Disallow: /api/',
        'Allow: /api/avatar/',
        'Allow: /api/share-image.png',
        'Allow: /uploads/',
        'Disallow: /preview/',
        '',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  it('lets crawlers fetch the images pages share, under /api/ too, as a parser of RFC 9309 reads it', async () => {
    const robots = robotsParser(`${ORIGIN}/robots.txt`, (await t.app.inject('/robots.txt')).body);
    const allowed = (path: string) => robots.isAllowed(`${ORIGIN}${path}`, 'Twitterbot');
    for (const image of ['/api/avatar/ann.png', '/api/share-image.png', `/uploads/${'a'.repeat(64)}-share.jpg`])
      expect(allowed(image), image).toBe(true);
    for (const path of ['/api/blog/latest-blogs', '/api/avatars', '/editor', '/preview/x'])
      expect(allowed(path), path).toBe(false);
  });
});

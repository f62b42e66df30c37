import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildUser, type TestUser } from '../../test/factories.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';

let t: TestApp;
let site: LocalServer;
let writer: TestUser;
const pages = new Map<string, { type?: string; status?: number; body: string; location?: string }>();

beforeAll(async () => {
  t = await buildTestApp({ FETCH_ALLOW_HOSTS: 'localhost' });
  writer = await buildUser(t.app);
  site = await startLocalServer((req, res) => {
    const page = pages.get(req.url!);
    if (!page) return res.writeHead(404).end();
    res
      .writeHead(page.status ?? 200, {
        'content-type': page.type ?? 'text/html; charset=utf-8',
        ...(page.location && { location: page.location }),
      })
      .end(page.body);
  });
});
afterAll(async () => {
  await site.close();
  await t.close();
});

const preview = (url?: string, as: TestUser | null = writer) =>
  t.app.inject({
    method: 'GET',
    url: '/api/link-preview',
    query: url === undefined ? {} : { url },
    headers: as ? bearer(as.token) : {},
  });

describe('GET /api/link-preview', () => {
  it('reads Open Graph tags, resolving a relative image against the page', async () => {
    pages.set('/og', {
      body: `<!doctype html><html><head>
        <title>Fallback title</title>
        <meta property="og:title" content="Rock &amp; Roll  history">
        <meta property="og:description" content='Everything about "rock"'>
        <meta property="og:image" content="/img/cover.png">
      </head><body><meta property="og:title" content="ignored in body"></body></html>`,
    });
    const res = await preview(`${site.url}/og`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: 1,
      link: `${site.url}/og`,
      meta: {
        title: 'Rock & Roll history',
        description: 'Everything about "rock"',
        image: { url: `${site.url}/img/cover.png` },
      },
    });
  });

  it('falls back to <title>, the meta description and the Twitter image', async () => {
    pages.set('/plain', {
      body: `<html><head><TITLE>
        Plain   page</TITLE><meta name="Description" content="A plain description"><meta name="twitter:image" content="https://cdn.example/t.jpg"></head></html>`,
    });
    expect((await preview(`${site.url}/plain`)).json()).toEqual({
      success: 1,
      link: `${site.url}/plain`,
      meta: { title: 'Plain page', description: 'A plain description', image: { url: 'https://cdn.example/t.jpg' } },
    });
  });

  it('answers the text as text, ignores tags in scripts and drops a javascript: image', async () => {
    pages.set('/hostile', {
      body: `<head><script>document.write('<meta property="og:title" content="from script">')</script>
        <title>&lt;script&gt;alert(1)&lt;/script&gt;</title>
        <meta property="og:image" content="javascript:alert(1)"></head>`,
    });
    expect((await preview(`${site.url}/hostile`)).json()).toEqual({
      success: 1,
      link: `${site.url}/hostile`,
      meta: { title: '<script>alert(1)</script>', description: '', image: { url: '' } },
    });
  });

  it('follows a redirect to the page', async () => {
    pages.set('/moved', { status: 301, location: '/plain', body: '' });
    expect((await preview(`${site.url}/moved`)).json().meta.title).toBe('Plain page');
  });

  it('keeps the title and description within what a link block may save', async () => {
    pages.set('/long', {
      body: `<title>${'t'.repeat(900)}</title><meta name="description" content="${'d'.repeat(3000)}">`,
    });
    const { meta } = (await preview(`${site.url}/long`)).json();
    expect(meta.title).toHaveLength(500);
    expect(meta.description).toHaveLength(2000);
  });

  it.each([
    ['a page with no title or description', '/empty', { body: '<html><body>hi</body></html>' }],
    ['something that is not HTML', '/json', { type: 'application/json', body: '{"title":"x"}' }],
    ['an error status', '/gone', { status: 500, body: '<title>Error</title>' }],
  ])('answers {success: 0} for %s', async (_name, path, page) => {
    pages.set(path, page);
    const res = await preview(`${site.url}${path}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 0 });
  });

  it.each([
    'http://127.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/',
    'http://0x7f000001/',
    'http://10.0.0.1/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses to fetch %s, answering {success: 0}', async (url) => {
    const res = await preview(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 0 });
  });

  it('refuses a redirect from an allowed page to a private address', async () => {
    pages.set('/to-loopback', { status: 302, location: `http://127.0.0.1:${site.port}/plain`, body: '' });
    expect((await preview(`${site.url}/to-loopback`)).json()).toEqual({ success: 0 });
  });

  it('answers 400 {success: 0} without a url, saying why', async () => {
    const res = await preview();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: 0, error: 'url is required', code: 'validation_failed' });
  });

  it('fetches nothing for a visitor: previews are for writers, not a proxy for strangers', async () => {
    let fetched = 0;
    const counting = await startLocalServer((_req, res) => {
      fetched++;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Counted</title>');
    });
    try {
      const res = await preview(`${counting.url}/counted`, null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: 0, error: ErrorMessages.unauthorized, code: 'unauthorized' });
      expect(fetched).toBe(0);
      expect((await preview(`${counting.url}/counted`)).json()).toMatchObject({
        success: 1,
        meta: { title: 'Counted' },
      });
      expect(fetched).toBe(1);
    } finally {
      await counting.close();
    }
  });
});

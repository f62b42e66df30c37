import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCallOf, ContentBlock, type BlockType } from '@inkwell/contracts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { htmlValidateConfig } from './html-validate.config.ts';
import { readingCalls } from './reading-calls.ts';

/** One block of every kind the editor saves, with inline markup; the test fails when a kind is added and not here. */
const EVERY_BLOCK: ContentBlock[] = [
  { type: 'header', data: { text: 'Section <i>two</i>', level: 2 } },
  {
    type: 'paragraph',
    data: {
      text: 'Plain <b>bold</b> <i>italic</i> <a href="https://example.com/x">a link</a> <mark class="cdx-marker">marked</mark> and <code class="inline-code">npm test</code>.',
    },
  },
  { type: 'header', data: { text: 'Editor level one', level: 1 } },
  {
    type: 'image',
    data: {
      file: { url: '/uploads/picture.webp', width: 800, height: 600 },
      caption: 'A <b>framed</b> picture',
      withBorder: true,
      stretched: false,
      withBackground: true,
    },
  },
  { type: 'quote', data: { text: 'Stay <i>curious</i>', caption: 'A reader', alignment: 'center' } },
  {
    type: 'list',
    data: { style: 'unordered', items: [{ content: 'Apples', items: [{ content: 'Green ones', items: [] }] }] },
  },
  { type: 'list', data: { style: 'ordered', items: ['First step', 'Second step'] } },
  {
    type: 'link',
    data: { link: 'https://example.org/article', meta: { title: 'An article', description: 'Long and good.' } },
  },
  {
    type: 'embed',
    data: {
      service: 'youtube',
      source: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      embed: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
      width: 580,
      height: 320,
      caption: 'A short film',
    },
  },
  { type: 'code', data: { code: 'const a = 1 < 2;\nconsole.log(a);', language: 'javascript' } },
  { type: 'delimiter', data: {} },
  {
    type: 'table',
    data: {
      withHeadings: true,
      content: [
        ['Name', 'Count'],
        ['<b>Tea</b>', '2'],
      ],
    },
  },
];

const KINDS = ContentBlock.options.map((option) => option.shape.type.value) as BlockType[];

/** The Nu HTML checker, run on the system's Java (11 or later: Debian's /usr/bin/java here and on CI). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/** The built web app and its server renderer, which `npm run build` makes (and `npm ci` runs). */
const WEB_DIST = loadConfig({ DATA_DIR: 'memory://' }).webDist;

let t: TestApp;
const pageRoutes: string[] = [];
/** A sample value of each page route's parameter: one that exists and one that does not, for the 404 page. */
const samples: Record<string, string[]> = {};
/** The site's first member, so its owner. */
let owner: TestUser;

beforeAll(async () => {
  const renderer = path.join(`${WEB_DIST}-server`, 'entry-server.js');
  if (!existsSync(renderer)) throw new Error(`No server build at ${WEB_DIST}-server: run \`npm run build\` first`);
  // Loaded once before the app, which then finds it in the module cache: on a busy machine its first
  // load can outlast the 10 seconds Fastify gives a plugin to start.
  await import(pathToFileURL(renderer).href);
  t = await buildTestApp({}, undefined, undefined, (route: RouteOptions) => {
    const answers = (route.schema?.response as Record<string, { content?: object }> | undefined)?.[200]?.content;
    if (route.method !== 'GET') return;
    if (route.url === '/*' || (answers && 'text/html' in answers)) pageRoutes.push(route.url);
  });
  const author = (owner = await buildUser(t.app, { fullname: 'Ada Writer' }));
  const newcomer = await buildUser(t.app);
  await post(
    t.app,
    '/api/user/update-profile',
    {
      username: author.username,
      bio: 'Writes about walks & tea.',
      social_links: { website: 'https://ada.example', github: 'https://github.com/ada' },
    },
    author.token,
  );
  const blogId = await buildBlog(t.app, author, { content: [{ time: 1, version: '2.31.0', blocks: EVERY_BLOCK }] });
  // A second blog of the same tag, shown under the first as a similar one, and in every list.
  await buildBlog(t.app, author, { title: 'Tea on the hills' });
  const { blog } = (await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).json<{ blog: { _id: string } }>();
  const comment = await post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: 'Lovely.' }, newcomer.token);
  await post(
    t.app,
    '/api/comment/add-comment',
    { _id: blog._id, comment: 'Thank you!', replying_to: comment.json<{ _id: string }>()._id },
    author.token,
  );
  const draftId = await buildBlog(t.app, author, publishableBlog({ draft: true, title: 'Not yet' }));
  const link = await post(t.app, '/api/blog/preview-link', { blog_id: draftId }, author.token);
  const token = link.json<{ url: string }>().url.split('/preview/')[1]!;
  Object.assign(samples, {
    blog_id: [blogId, 'no-such-blog-123'],
    username: [author.username, newcomer.username, 'nobody-goes-by-this-name'],
    query: ['walk', 'nothing%20matches%20this'],
    token: [token, 'A'.repeat(43)],
    '*': ['editor', 'no/such/page'],
  });
});
afterAll(() => t?.close());

/** Every URL of every page route (each parameter replaced by each of its samples), and the home's lists. */
function pageUrls(): string[] {
  const routes = [...new Set(pageRoutes)];
  const urls = routes.flatMap((route) => {
    const param = /[:*](\w*)/.exec(route);
    if (!param) return [route];
    const name = param[1] || '*';
    expect(samples, `no sample for ${route}'s parameter`).toHaveProperty([name]);
    return samples[name]!.map((value) => route.replace(param[0], value));
  });
  return [...urls, '/?tag=travel', '/?page=2'];
}

/** The state a page's islands take over (its data block). */
function stateOf(html: string) {
  const data = /<script type="application\/json" id="inkwell-state"[^>]*>(.*?)<\/script>/s.exec(html)![1]!;
  return JSON.parse(data) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

/** Each page as a browser gets it: its URL and its HTML. */
async function fetchPages() {
  const pages: { url: string; html: string }[] = [];
  for (const url of pageUrls()) {
    const res = await t.app.inject(url);
    expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    pages.push({ url, html: res.body });
  }
  return pages;
}

describe('the markup of every server-rendered page', () => {
  let pages: { url: string; html: string }[];
  beforeAll(async () => {
    pages = await fetchPages();
  });

  it('holds a blog with every kind of block, and every page', () => {
    expect(new Set(EVERY_BLOCK.map((block) => block.type))).toEqual(new Set(KINDS));
    expect(pageRoutes).toEqual(
      expect.arrayContaining(['/', '/blog/:blog_id', '/user/:username', '/search/:query', '/preview/:token', '/*']),
    );
  });

  it("carries a blog's words once, in the page: the data and props its islands take over hold none of them", () => {
    const blogPage = `/blog/${samples.blog_id![0]}`;
    for (const url of [blogPage, `/preview/${samples.token![0]}`]) {
      const { queries } = stateOf(pages.find((page) => page.url === url)!.html);
      const blogs = queries.filter((query) => ['blog', 'preview'].includes(String(query.queryKey[0])));
      expect(blogs, url).toHaveLength(1);
      expect(blogs[0]!.state.data, url).toMatchObject({ content: [], title: expect.any(String) });
    }
    // A word of the blog's, in a nested list, and one of its code: once, where the reader reads it (a
    // code block's Copy reads the code off the page).
    const html = pages.find((page) => page.url === blogPage)!.html;
    expect(html.split('Green ones')).toHaveLength(2);
    expect(html.split('console')).toHaveLength(2);
  });

  it("leaves out of a blog page's state its similar blogs, which its HTML shows and no island reads", () => {
    const html = pages.find((page) => page.url === `/blog/${samples.blog_id![0]}`)!.html;
    const similar = html.slice(html.indexOf('id="similar-blogs"'));
    expect(similar).toContain('Tea on the hills');
    const { queries } = stateOf(html);
    expect(queries.map((query) => query.queryKey[0])).toEqual(['blog']);
    expect(JSON.stringify(queries)).not.toContain('Tea on the hills');
  });

  it('renders a search of words its address encodes with their results, as the browser shows them', async () => {
    const html = (await t.app.inject('/search/tea%20hills')).body;
    expect(html.slice(html.indexOf('<main'))).toContain('Tea on the hills');
    expect(html).not.toContain('aria-busy="true"');
    expect(JSON.stringify(stateOf(html).queries.map((query) => query.queryKey))).toContain('"tea hills"');
  });

  it('renders every page whole: no component suspended and left its part to the browser', () => {
    // React renders the page to a string (entry-server.tsx), which shows a suspended component's
    // fallback and marks its boundary for the browser to render (`<!--$!-->`).
    for (const { url, html } of pages) expect(html, url).not.toMatch(/<!--\$[!?]-->/);
  });

  it('passes html-validate’s recommended rules', async () => {
    const validator = new HtmlValidate(htmlValidateConfig);
    const problems: string[] = [];
    for (const { url, html } of pages) {
      const report = await validator.validateString(html, url);
      for (const { ruleId, message, selector, line, column } of report.results.flatMap((result) => result.messages))
        problems.push(`${url} ${ruleId}: ${message} (${selector ?? `${line}:${column}`})`);
    }
    expect(problems).toEqual([]);
  });

  it('passes the W3C Nu HTML checker without an error', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-pages-'));
    const files = pages.map(({ html }, i) => {
      const file = path.join(dir, `${i}.html`);
      writeFileSync(file, html);
      return file;
    });
    // One Java for every page. The client compiler alone starts in a third of the time; the schema's
    // evaluation then needs a deeper stack than Java's default.
    const java = ['-Xss16m', '-XX:TieredStopAtLevel=1', '-jar', vnuJar, '--format', 'json', '--exit-zero-always'];
    const checker = await promisify(execFile)('java', [...java, ...files], { maxBuffer: 64 * 1024 * 1024 });
    const { messages } = JSON.parse(checker.stderr) as {
      messages: { type: string; url?: string; message: string; extract?: string }[];
    };
    // Its warnings are `info` too (a YouTube embed's sandbox must allow scripts and its own origin to play).
    const errors = messages
      .filter(({ type }) => type !== 'info')
      .map(
        ({ url, message, extract }) =>
          `${pages[Number(path.basename(url ?? '', '.html'))]?.url} ${message} ${extract ?? ''}`,
      );
    expect(errors).toEqual([]);
  });
});

describe('the data of every server-rendered page', () => {
  it('is as the browser reads it from JSON and checks it, so the page hydrates from what it rendered', async () => {
    // The renderer takes these answers as they come (the web's api.ts CheckedAnswer), neither through
    // JSON nor checked again: none may hold what JSON carries otherwise (a Date, a key set to
    // undefined) or what the contract's check would fill in.
    const answer = readingCalls(t.app)({ protocol: 'http', host: 'localhost' } as FastifyRequest);
    const [blogId, missingBlog] = samples.blog_id!;
    const calls: [string, unknown][] = [
      ['/api/blog/get-blog', { blog_id: blogId }],
      ['/api/blog/get-blog', { blog_id: missingBlog }],
      ['/api/blog/latest-blogs', { page: 1 }],
      ['/api/blog/all-latest-blogs-count', undefined],
      ['/api/blog/search-blogs', { query: 'tea', page: 1 }],
      ['/api/blog/search-blogs-count', { query: 'tea' }],
      ['/api/blog/trending-blogs', undefined],
      ['/api/blog/preview', { token: samples.token![0] }],
      ['/api/user/get-profile', { username: samples.username![0] }],
      ['/api/user/search-users', { query: 'ada' }],
      ['/api/site', undefined],
    ];
    for (const [callPath, body] of calls) {
      const { status, body: data } = await answer(callPath, body);
      const read: unknown = JSON.parse(JSON.stringify(data));
      expect(data, callPath).toStrictEqual(status === 200 ? apiCallOf(callPath)!.answer.parse(read) : read);
    }
  });
});

describe('the top bar', () => {
  /** The top bar as the page's HTML holds it, its island's mark and all. */
  const topBar = async (url: string) =>
    /<div data-island="navbar".*?<\/nav><\/div>/s.exec((await t.app.inject(url)).body)![0];

  it('is rendered once for every page, and shows the site as it is now', async () => {
    const [blogId] = samples.blog_id!;
    const home = await topBar('/');
    expect(home).toContain('aria-label="Inkwell home"');
    expect(await topBar(`/blog/${blogId}`)).toBe(home);

    const rename = (name: string) => post(t.app, '/api/admin/site-identity', { name }, owner.token);
    expect((await rename('Quill & Co')).statusCode).toBe(200);
    try {
      for (const url of ['/', `/blog/${blogId}`])
        expect(await topBar(url)).toContain('aria-label="Quill &amp; Co home"');
    } finally {
      await rename('Inkwell');
    }
    expect(await topBar(`/user/${samples.username![0]}`)).toBe(home);
  });
});

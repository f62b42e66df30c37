import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentBlock } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, type TestUser } from '../../test/factories.ts';

/** The built web app's server renderer, which `npm run build` makes (and `npm ci` runs). */
const RENDERER = `${loadConfig({ DATA_DIR: 'memory://' }).webDist}-server`;

const LINK = '<a href="https://example.com/x">a link</a>';
const BLOCKS: ContentBlock[] = [
  {
    type: 'paragraph',
    data: {
      text: `Text with ${LINK}, <mark class="cdx-marker">marked</mark> and <code class="inline-code">x()</code>.`,
    },
  },
  { type: 'table', data: { withHeadings: false, content: [[`A cell with ${LINK}`]] } },
  { type: 'code', data: { code: 'print(len(x))', language: 'python' } },
  {
    type: 'image',
    data: {
      file: { url: '/uploads/mill.webp', width: 800, height: 600 },
      caption: 'The <b>mill</b> &amp; the&nbsp;bridge',
      alt: '',
      withBorder: false,
      stretched: false,
      withBackground: false,
    },
  },
];

let t: TestApp;
let author: TestUser;
let blogId: string;
beforeAll(async () => {
  const renderer = path.join(RENDERER, 'entry-server.js');
  if (!existsSync(renderer)) throw new Error(`No server build at ${RENDERER}: run \`npm run build\` first`);
  // Loaded before the app, which then finds it in the module cache (see page-markup.test.ts).
  await import(pathToFileURL(renderer).href);
  // Uncached: the author's trust changes below behind the cache's back.
  t = await buildTestApp({ READ_CACHE_MB: '0' });
  await buildUser(t.app); // the site's owner, staff, whose links are always followed
  author = await buildUser(t.app);
  blogId = await buildBlog(t.app, author, { content: [{ blocks: BLOCKS }] });
});
afterAll(() => t?.close());

/** The blog's page, its author's trust (a moderator's setting) first set to `trust`. */
async function pageBy(trust: 'trusted' | 'untrusted') {
  await t.app.db.update(users).set({ trust }).where(eq(users.username, author.username));
  return (await t.app.inject(`/blog/${blogId}`)).body;
}
/** The part of the page inside the blog's column. */
const column = (html: string) => html.slice(html.indexOf('class="prose-inkwell"'), html.indexOf('</article>'));

describe('the server renderer', () => {
  it('holds neither jsdom nor DOMPurify: stored markup is shown as the server sanitised it', () => {
    const files = readdirSync(RENDERER, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files).toContain('entry-server.js');
    // 'jsdom' as a module's name, bundled or imported; DOMPurify by a message of its own code.
    const holding = files.filter((file) =>
      /jsdom|TRUSTED_TYPES_POLICY/.test(readFileSync(path.join(RENDERER, file), 'utf8')),
    );
    expect(holding).toEqual([]);
  });
});

describe('a blog page rendered on the server', () => {
  it('opens links in a new tab, vouching for none of an author not yet trusted (ugc nofollow)', async () => {
    const html = column(await pageBy('untrusted'));
    const untrusted =
      '<a href="https://example.com/x" target="_blank" rel="ugc nofollow noopener noreferrer">a link</a>';
    expect(html).toContain(`Text with ${untrusted}, <mark>marked</mark> and <code>x()</code>.`);
    expect(html).toContain(`<td>A cell with ${untrusted}</td>`);
    expect(html).not.toContain('noopener noreferrer nofollow');
  });

  it('follows the links of a trusted author', async () => {
    const html = column(await pageBy('trusted'));
    const trusted = '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">a link</a>';
    expect(html).toContain(`Text with ${trusted}`);
    expect(html).toContain(`<td>A cell with ${trusted}</td>`);
  });

  it('shows code as it was highlighted when saved, and a caption’s text as the alt of an image without one', async () => {
    const html = column(await pageBy('trusted'));
    expect(html).toContain(
      '<code class="hljs language-python"><span class="hljs-built_in">print</span>(<span class="hljs-built_in">len</span>(x))</code>',
    );
    expect(html).toMatch(/<img [^>]*alt="The mill &amp; the\u00a0bridge"/);
  });
});

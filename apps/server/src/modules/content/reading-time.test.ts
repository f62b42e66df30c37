import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Blog, BlogCard, ContentBlock } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { contentWordCount } from './content-html.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.app);
});
afterAll(() => t.close());

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const content = (blocks: unknown[]) => [{ blocks }];

async function latestCard(blogId: string): Promise<BlogCard> {
  const cards = (await post(t.app, '/api/blog/latest-blogs', { page: 1 })).json<{ blogs: BlogCard[] }>().blogs;
  return cards.find((card) => card.blog_id === blogId)!;
}
const getBlog = async (blogId: string) =>
  (await post(t.app, '/api/blog/get-blog', { blog_id: blogId })).json<{ blog: Blog }>().blog;

describe('reading_minutes', () => {
  it('is the words of every block at 200 a minute, on the cards of a list and on the blog, counted again on every save', async () => {
    const blogId = await buildBlog(t.app, author, {
      content: content([
        { type: 'paragraph', data: { text: words(450) } },
        { type: 'code', data: { code: `${words(49, 'x();')}\n}`, language: 'javascript' } },
        { type: 'table', data: { withHeadings: true, content: [[words(50), words(50)]] } },
        { type: 'delimiter', data: {} },
        { type: 'image', data: { file: { url: '/uploads/abc.png' }, caption: words(10), alt: words(100) } },
      ]),
    });
    // 450 + 50 + 100 + 10 (not the 100 of the alt text, which the page does not show) = 610 words: 3 minutes.
    expect((await latestCard(blogId)).reading_minutes).toBe(3);
    expect((await getBlog(blogId)).reading_minutes).toBe(3);

    await buildBlog(t.app, author, {
      id: blogId,
      content: content([{ type: 'paragraph', data: { text: words(1100) } }]),
    });
    expect((await latestCard(blogId)).reading_minutes).toBe(6);
    expect((await getBlog(blogId)).reading_minutes).toBe(6);
  });

  it('is at least one minute', async () => {
    const blogId = await buildBlog(t.app, author, {
      content: content([{ type: 'paragraph', data: { text: 'Short.' } }]),
    });
    expect((await latestCard(blogId)).reading_minutes).toBe(1);
  });
});

/** The backfill at the end of the migration that added word_count (the lead may renumber it). */
function backfillStatement(): string {
  const folder = path.resolve(import.meta.dirname, '../../../drizzle');
  const file = readdirSync(folder).find((name) => name.endsWith('_blog_word_count.sql'))!;
  return readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint').at(-1)!;
}

describe('the word_count migration', () => {
  it('gives the blogs already there the word counts contentWordCount gives them', async () => {
    const blocks: ContentBlock[][] = [
      [
        { type: 'header', data: { text: 'Getting <i>there</i>&nbsp;at&nbsp;last', level: 2 } },
        {
          type: 'paragraph',
          data: {
            text: 'We left <b>early</b> with <mark class="cdx-marker">maps</mark>, <code class="inline-code">gps()</code> &amp; <a href="https://example.com/">a guide</a>.<br>Then&#160;more',
          },
        },
        { type: 'paragraph', data: { text: 'tight<b>ly</b> joined &lt;tags&gt; &quot;quoted&quot; caf&eacute;' } },
        {
          type: 'image',
          data: {
            file: { url: '/uploads/abc123.webp' },
            caption: 'The <b>ridge</b> &amp; the sky',
            alt: '',
            withBorder: false,
            stretched: false,
            withBackground: false,
          },
        },
        { type: 'quote', data: { text: 'Walk on.', caption: 'A walker', alignment: 'left' } },
      ],
      [
        {
          type: 'list',
          data: {
            style: 'ordered',
            meta: { counterType: 'numeric', start: 1 },
            items: [
              {
                content: 'Boots and',
                meta: {},
                items: [
                  { content: 'Laced <b>tight</b>', meta: {}, items: [{ content: 'deep down', meta: {}, items: [] }] },
                ],
              },
              { content: 'Water', meta: {}, items: [] },
            ],
          },
        },
        { type: 'list', data: { style: 'unordered', items: ['tea and', 'bread'] } },
        {
          type: 'link',
          data: {
            link: 'https://hills.example/route',
            meta: { title: 'The <route> plan', description: 'Maps & notes' },
          },
        },
        { type: 'link', data: { link: 'https://hills.example/other', meta: {} } },
        {
          type: 'embed',
          data: {
            service: 'youtube',
            source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
            caption: 'The <i>video</i> here',
          },
        },
      ],
      [{ type: 'paragraph', data: { text: '   ' } }],
    ];
    const ids: string[] = [];
    for (const [i, each] of blocks.entries())
      ids.push(await buildBlog(t.app, author, { content: content(each), draft: i === 2, title: `Backfill ${i}` }));

    await t.app.db.execute(sql`update blogs set word_count = 0`);
    await t.app.db.execute(sql.raw(backfillStatement()));

    const rows = await queryRows<{ blog_id: string; word_count: number; content: { blocks: ContentBlock[] } }>(
      t.app.db,
      sql`select blog_id, word_count, content from blogs`,
    );
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.word_count, row.blog_id).toBe(contentWordCount(row.content.blocks));
    expect(rows.find((row) => row.blog_id === ids[0])!.word_count).toBeGreaterThan(20);
  });
});

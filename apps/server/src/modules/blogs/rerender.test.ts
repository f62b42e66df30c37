import type { Blog, ContentBlock } from '@inkwell/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { blogs } from '../../db/schema/index.ts';
import { testConfig } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { RENDER_VERSION } from '../content/index.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let author: TestUser;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database });
  author = await buildUser(app);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** The server starting again on the same database, as after an upgrade. */
async function restart() {
  await app.close();
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
}

const answered = async (blogId: string) =>
  (await post(app, '/api/blog/get-blog', { blog_id: blogId })).json<{ blog: Blog }>().blog.content[0]!.blocks;

const stored = async (blogId: string) => {
  const [row] = await app.db
    .select({
      content: blogs.content,
      codeHtml: blogs.codeHtml,
      renderVersion: blogs.renderVersion,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(eq(blogs.blogId, blogId));
  return row!;
};

const code = (language: string, source: string): ContentBlock => ({ type: 'code', data: { code: source, language } });
const paragraph = (text: string): ContentBlock => ({ type: 'paragraph', data: { text } });
const blogOf = (blocks: ContentBlock[]) => buildBlog(app, author, { content: [{ blocks }] });

describe('the highlighting of code', () => {
  it('is made when the blog is saved and stored with it: get-blog answers what was stored and highlights nothing', async () => {
    const blogId = await blogOf([code('python', 'print(1)'), paragraph('Between'), code('plain', 'a < b')]);
    expect(await stored(blogId)).toMatchObject({
      codeHtml: ['<span class="hljs-built_in">print</span>(<span class="hljs-number">1</span>)', 'a &lt; b'],
      renderVersion: RENDER_VERSION,
    });
    // What is stored is what get-blog answers: a stand-in written under today's rules comes back as it is.
    await app.db
      .update(blogs)
      .set({ codeHtml: ['<span class="hljs-keyword">stored</span>', 'plain'] })
      .where(eq(blogs.blogId, blogId));
    const [first, , last] = await answered(blogId);
    expect(first!.data).toEqual({
      code: 'print(1)',
      language: 'python',
      html: '<span class="hljs-keyword">stored</span>',
    });
    expect(last!.data).toEqual({ code: 'a < b', language: 'plain', html: 'plain' });
  });

  it('comes with a blog an edit saves, in the order of its code blocks', async () => {
    const blogId = await blogOf([code('plain', 'one')]);
    await post(
      app,
      '/api/blog/create-blog',
      {
        id: blogId,
        title: 'A walk in the hills',
        banner: '/uploads/banner.webp',
        des: 'Notes from a long walk.',
        tags: ['travel'],
        draft: false,
        content: [{ blocks: [code('plain', 'zero'), code('python', 'print(2)')] }],
      },
      author.token,
    );
    expect((await stored(blogId)).codeHtml).toEqual([
      'zero',
      '<span class="hljs-built_in">print</span>(<span class="hljs-number">2</span>)',
    ]);
  });
});

describe('a blog stored by older rules', () => {
  /** A blog as an older release stored it: markup today's sanitiser cuts, and no highlighting. */
  async function storedByOlderRules() {
    const blogId = await blogOf([paragraph('Kept'), code('python', 'print(1)')]);
    await app.db
      .update(blogs)
      .set({
        content: {
          blocks: [paragraph('<b onclick="steal()">Kept</b><img src=x onerror=steal()>'), code('python', 'print(1)')],
        },
        codeHtml: [],
        renderVersion: '0/highlight.js 10.0.0',
      })
      .where(eq(blogs.blogId, blogId));
    return blogId;
  }
  const highlighted = '<span class="hljs-built_in">print</span>(<span class="hljs-number">1</span>)';
  const todays = [
    paragraph('<b>Kept</b>'),
    { type: 'code', data: { code: 'print(1)', language: 'python', html: highlighted } },
  ];

  it('is answered as today’s rules render it until it is rendered again', async () => {
    const blogId = await storedByOlderRules();
    expect(await answered(blogId)).toEqual(todays);
  });

  it('is rendered again and stored by a job the server queues as it starts, its date of change kept', async () => {
    const blogId = await storedByOlderRules();
    const before = await stored(blogId);
    await restart();
    expect(await app.jobs.runDue()).toBeGreaterThan(0);
    const after = await stored(blogId);
    expect(after).toEqual({
      content: { blocks: [paragraph('<b>Kept</b>'), code('python', 'print(1)')] },
      codeHtml: [highlighted],
      renderVersion: RENDER_VERSION,
      updatedAt: before.updatedAt,
    });
    expect(await answered(blogId)).toEqual(todays);
    // Every blog is today's now: the next start queues nothing.
    await restart();
    expect(await app.jobs.runDue()).toBe(0);
  });
});

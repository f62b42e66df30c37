import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ContentBlock, ImportStarted, ImportStatusResponse } from '@inkwell/contracts';
import { blogs, images, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, uploadImage, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';

/*
 * Issue 29's round trip: a site exported from one Inkwell and imported into a new, empty one
 * reproduces every blog, field by field: its blocks, dates, tags, images (stored again, each of the
 * same size) and author (name, username, e-mail, bio); its old address leads to it. Through the
 * API both ways (the pages' 301 needs the web app's server build, which `npm run build` makes).
 */

let source: TestApp;
let target: TestApp;
let writer: TestUser;
let sourceOwner: TestUser;

/** One block of each kind a blog holds; the images are filled in with uploads. */
const blocks = (picture: { url: string; width: number; height: number }): ContentBlock[] => [
  { id: 'h1', type: 'header', data: { text: 'A <i>heading</i>', level: 2 } },
  {
    id: 'p1',
    type: 'paragraph',
    data: {
      text: 'Plain <b>bold</b> <a href="https://example.com/x">a link</a> and <code class="inline-code">x</code>.',
    },
  },
  {
    id: 'l1',
    type: 'list',
    data: {
      style: 'ordered',
      items: [
        { content: 'One', items: [{ content: 'One and a half', items: [] }] },
        { content: 'Two', items: [] },
      ],
    },
  },
  {
    id: 'i1',
    type: 'image',
    data: {
      file: picture,
      caption: 'A <b>caption</b>',
      alt: 'Colours',
      withBorder: true,
      stretched: false,
      withBackground: false,
    },
  },
  { id: 'c1', type: 'code', data: { code: 'const a = 1;', language: 'typescript' } },
  {
    id: 't1',
    type: 'table',
    data: {
      withHeadings: true,
      content: [
        ['Name', 'Age'],
        ['Ada', '36'],
      ],
    },
  },
  { id: 'q1', type: 'quote', data: { text: 'To be', caption: 'Hamlet', alignment: 'left' } },
  { id: 'd1', type: 'delimiter', data: {} },
  {
    id: 'e1',
    type: 'embed',
    data: {
      service: 'youtube',
      source: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      caption: '',
    },
  },
  {
    id: 'k1',
    type: 'link',
    data: { link: 'https://example.com/page', meta: { title: 'A page', description: 'Words' } },
  },
];

beforeAll(async () => {
  source = await buildTestApp();
  target = await buildTestApp();
  sourceOwner = await buildUser(source.app, { fullname: 'Source Owner' });
  writer = await buildUser(source.app, { fullname: 'Wendy Writer' });
  const bio = await post(
    source.app,
    '/api/user/update-profile',
    { username: writer.username, bio: 'Writes on trains.', social_links: {} },
    writer.token,
  );
  expect(bio.statusCode).toBe(200);
  const png = await uploadImage(source.app, writer, await fixtureImage('png', 80, 60));
  const jpeg = await uploadImage(source.app, writer, await fixtureImage('jpeg', 120, 90), 'image/jpeg');
  await buildBlog(source.app, writer, {
    title: 'Every block there is',
    des: 'A tour of the editor.',
    tags: ['tour', 'editor'],
    banner: jpeg.url,
    content: [{ time: 1, version: '2.31.0', blocks: blocks(png) }],
  });
  await buildBlog(source.app, writer, { title: 'Not yet', draft: true, tags: ['later'], banner: png.url });
  await buildBlog(source.app, sourceOwner, { title: 'From the owner', tags: ['news'], banner: png.url });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

/** The blogs as stored, with their author, by title. */
async function blogsOf(t: TestApp) {
  const rows = await t.app.db
    .select({ blog: blogs, author: users })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId));
  return new Map(rows.map((row) => [row.blog.title, row]));
}

/** The stored size of the image at our URL. */
async function sizeOf(t: TestApp, url: string) {
  const [row] = await t.app.db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.key, url.replace(/^\/uploads\//, '')));
  return row;
}

it('brings a whole site into an empty one, every blog as it was', async () => {
  const exported = await source.app.inject({
    method: 'POST',
    url: '/api/admin/export',
    headers: bearer(sourceOwner.token),
  });
  expect(exported.statusCode).toBe(200);

  const admin = await buildUser(target.app, { fullname: 'New Owner' });
  const form = new FormData();
  form.append('scope', 'site');
  form.append('file', new Blob([new Uint8Array(exported.rawPayload)]), 'site.zip');
  const res = await target.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form,
    headers: bearer(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json<ImportStarted>();
  expect(started).toMatchObject({ source: 'inkwell', posts: 3, drafts: 1 });
  await target.app.jobs.runDue();
  const status = await post(target.app, '/api/imports/status', { id: started.id }, admin.token);
  const done = status.json<ImportStatusResponse>().import;
  expect(done).toMatchObject({ state: 'done', postsImported: 3, report: [] });

  const before = await blogsOf(source);
  const after = await blogsOf(target);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [title, { blog, author }] of before) {
    const copy = after.get(title)!;
    const fields = (row: typeof blog) => ({
      des: row.des,
      tags: row.tags,
      draft: row.draft,
      publishedAt: row.publishedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      wordCount: row.wordCount,
    });
    expect(fields(copy.blog), title).toEqual(fields(blog));
    const person = (row: typeof author) => ({
      username: row.username,
      fullname: row.fullname,
      email: row.email,
      bio: row.bio,
    });
    expect(person(copy.author), title).toEqual(person(author));
    // The blocks are the same but for the images' addresses, each an image of the same size stored here.
    const pictures: string[] = [];
    const withoutPictures = (list: ContentBlock[], into: string[]) =>
      list.map((block) => {
        if (block.type !== 'image') return block;
        into.push(block.data.file.url);
        return { ...block, data: { ...block.data, file: { ...block.data.file, url: 'picture' } } };
      });
    const original: string[] = [];
    expect(withoutPictures(copy.blog.content.blocks as ContentBlock[], pictures), title).toEqual(
      withoutPictures(blog.content.blocks as ContentBlock[], original),
    );
    // Its address on the old site leads to it here (a blog's address is made anew: its blog_id may be taken).
    if (!blog.draft) {
      const moved = await target.app.inject({ method: 'GET', url: `/blog/${blog.blogId}` });
      expect([moved.statusCode, moved.headers.location], title).toEqual([301, `/blog/${copy.blog.blogId}`]);
    }
    for (const [i, url] of [copy.blog.banner, ...pictures].entries()) {
      expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.(png|jpg)$/);
      expect(await sizeOf(target, url)).toEqual(await sizeOf(source, [blog.banner, ...original][i]!));
    }
  }
});

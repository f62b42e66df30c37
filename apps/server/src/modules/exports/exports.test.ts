import { eq } from 'drizzle-orm';
import type { Heading, List, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DELETED_MEMBER, type ContentBlock } from '@inkwell/contracts';
import { blogs, images, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, uploadImage, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { unzip } from '../../test/unzip.ts';
import { openArchive } from '../imports/archive.ts';
import { readInkwellExport } from '../imports/read-inkwell.ts';
import {
  ExportedBlog,
  ExportedBlogMark,
  ExportedComment,
  ExportedFollow,
  ExportedProfile,
  ExportedRevisions,
  ExportedSite,
  ExportedSubscriber,
  ExportedSubscriptions,
  ExportedUsers,
  ExportManifest,
  withImageUrls,
} from './export-format.ts';

/*
 * The exports through the API, unzipped by yauzl as any unzip program would: a member's own data
 * and the whole site's, each file against the format's schema and against the rows it came from.
 */

let t: TestApp;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let fan: TestUser;
const ids = { published: '', draft: '', readers: '' };
const uploads: { url: string; width: number; height: number }[] = [];

const paragraph = (id: string, text: string) => ({ id, type: 'paragraph', data: { text } });

/** A blog of every kind of block, its images uploads of the writer's (and one outside picture). */
const everyBlock = () => [
  paragraph(
    'p1',
    'Some <b>bold</b>, <i>italic</i>, <a href="https://example.com/x">a link</a>, <code class="inline-code">code</code> and <mark class="cdx-marker">marked</mark> words.',
  ),
  { id: 'h1', type: 'header', data: { text: 'The first part', level: 2 } },
  {
    id: 'i1',
    type: 'image',
    data: {
      file: uploads[0],
      caption: 'A <i>gradient</i>',
      alt: 'Colours fading',
      withBorder: false,
      stretched: false,
      withBackground: false,
    },
  },
  {
    id: 'l1',
    type: 'list',
    data: {
      style: 'unordered',
      items: [
        { content: 'Fruit', items: [{ content: 'Apple', items: [{ content: 'Cox', items: [] }] }] },
        { content: 'Bread', items: [] },
      ],
    },
  },
  { id: 'h2', type: 'header', data: { text: 'The code', level: 3 } },
  { id: 'c1', type: 'code', data: { code: 'const a = 1;\nconsole.log(a | 2);', language: 'typescript' } },
  {
    id: 't1',
    type: 'table',
    data: {
      withHeadings: true,
      content: [
        ['Name', 'Age'],
        ['Ada | Lovelace', '36'],
      ],
    },
  },
  { id: 'q1', type: 'quote', data: { text: 'To be or not', caption: 'Hamlet', alignment: 'left' } },
  { id: 'd1', type: 'delimiter', data: {} },
  {
    id: 'o1',
    type: 'image',
    data: {
      file: { url: 'https://images.example.org/outside.png' },
      caption: '',
      alt: 'From elsewhere',
      withBorder: false,
      stretched: false,
      withBackground: false,
    },
  },
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
    data: { link: 'https://example.com/page', meta: { title: 'A page', description: 'What it says' } },
  },
];

const editorOutput = (blocks: unknown[]) => [{ time: 1767225600000, version: '2.31.0', blocks }];

const blogRow = async (blogId: string) => (await t.app.db.select().from(blogs).where(eq(blogs.blogId, blogId)))[0]!;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildUser(t.app, { fullname: 'Site Owner' });
  writer = await buildUser(t.app, { fullname: 'Wendy Writer' });
  reader = await buildUser(t.app, { fullname: 'Rita Reader' });
  fan = await buildUser(t.app, { fullname: 'Fay Fan' });

  uploads.push(await uploadImage(t.app, writer, await fixtureImage('png', 80, 60)));
  uploads.push(await uploadImage(t.app, writer, await fixtureImage('jpeg', 120, 90), 'image/jpeg'));
  uploads.push(await uploadImage(t.app, writer, await fixtureImage('png', 40, 40)));
  const picture = await post(t.app, '/api/user/update-profile-img', { url: uploads[2]!.url }, writer.token);
  expect(picture.statusCode).toBe(200);

  ids.published = await buildBlog(t.app, writer, {
    title: 'Everything at once',
    des: 'Every block there is.',
    banner: uploads[1]!.url,
    tags: ['craft', 'notes'],
    content: editorOutput(everyBlock()),
  });
  // A second save: the blog keeps two revisions.
  const saved = await blogRow(ids.published);
  const again = await post(
    t.app,
    '/api/blog/create-blog',
    {
      id: ids.published,
      updatedAt: saved.updatedAt.toISOString(),
      title: 'Everything at once',
      des: 'Every block there is.',
      banner: uploads[1]!.url,
      tags: ['craft', 'notes'],
      content: editorOutput(everyBlock()),
    },
    writer.token,
  );
  expect(again.statusCode).toBe(200);
  ids.draft = await buildBlog(t.app, writer, {
    title: 'Not yet',
    des: '',
    banner: '',
    tags: [],
    draft: true,
    content: editorOutput([paragraph('p1', 'Half a thought.')]),
  });
  ids.readers = await buildBlog(t.app, reader, {
    title: 'Rita’s secret walk',
    banner: uploads[0]!.url,
    content: editorOutput([paragraph('p1', 'Only Rita wrote this.')]),
  });

  const published = await blogRow(ids.published);
  const readers = await blogRow(ids.readers);
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => expect((await res).statusCode).toBe(200);
  await ok(post(t.app, '/api/comment/add-comment', { _id: readers.id, comment: 'Wendy was here' }, writer.token));
  const rita = await post(
    t.app,
    '/api/comment/add-comment',
    { _id: published.id, comment: 'Rita says hello' },
    reader.token,
  );
  expect(rita.statusCode).toBe(200);
  await ok(
    post(
      t.app,
      '/api/comment/add-comment',
      { _id: published.id, comment: 'Thank you, Rita', replying_to: rita.json()._id },
      writer.token,
    ),
  );
  await ok(post(t.app, '/api/blog/like-blog', { _id: readers.id, isLikedByUser: false }, writer.token));
  await ok(post(t.app, '/api/blog/like-blog', { _id: published.id, isLikedByUser: false }, reader.token));
  await ok(post(t.app, '/api/blog/bookmark', { _id: readers.id, isBookmarked: false }, writer.token));
  await ok(post(t.app, '/api/user/follow', { username: reader.username, isFollowing: false }, writer.token));
  await ok(post(t.app, '/api/user/follow', { username: writer.username, isFollowing: false }, fan.token));
  await ok(post(t.app, '/api/user/follow', { username: reader.username, isFollowing: false }, fan.token));
  await ok(post(t.app, '/api/user/subscribe', { username: reader.username }, writer.token));
  await ok(post(t.app, '/api/user/subscribe', { username: writer.username }, fan.token));
});
afterAll(() => t.close());

const download = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, headers: user ? bearer(user.token) : {} });

async function exportOf(url: string, user: TestUser) {
  const res = await download(url, user);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, files: await unzip(res.rawPayload) };
}

const json = <S extends z.ZodType>(files: Map<string, Buffer>, path: string, schema: S): z.output<S> => {
  const bytes = files.get(path);
  expect(bytes, path).toBeDefined();
  return schema.parse(JSON.parse(bytes!.toString('utf8')));
};

/** The export's image names back as the stored paths they stand for. */
const stored = (url: string) => (url.startsWith('images/') ? `/uploads/${url.slice('images/'.length)}` : url);
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('a member downloads their data', () => {
  let files: Map<string, Buffer>;
  let zip: Buffer;
  beforeAll(async () => {
    const { res, files: unzipped } = await exportOf('/api/account/export', writer);
    files = unzipped;
    zip = res.rawPayload;
    expect(res.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="inkwell-${writer.username}-${day}.zip"`);
  });

  it('holds exactly their files', () => {
    const pictures = [uploads[0]!, uploads[1]!, uploads[2]!].map((upload) => `images/${fileOf(upload.url)}`);
    expect([...files.keys()].sort()).toEqual(
      [
        'manifest.json',
        'profile.json',
        `blogs/${ids.published}.json`,
        `blogs/${ids.published}.md`,
        `revisions/${ids.published}.json`,
        `blogs/${ids.draft}.json`,
        `blogs/${ids.draft}.md`,
        `revisions/${ids.draft}.json`,
        ...pictures,
        'comments.json',
        'likes.json',
        'follows.json',
        'bookmarks.json',
        'subscriptions.json',
      ].sort(),
    );
    const manifest = json(files, 'manifest.json', ExportManifest);
    expect(manifest).toMatchObject({
      format: 'inkwell-export',
      version: 1,
      scope: 'member',
      origin: 'http://localhost:80',
    });
  });

  it('has their profile, their picture named as its file', async () => {
    const [row] = await t.app.db.select().from(users).where(eq(users.username, writer.username));
    expect(json(files, 'profile.json', ExportedProfile)).toEqual({
      username: writer.username,
      fullname: 'Wendy Writer',
      email: writer.email,
      bio: '',
      profileImage: `images/${fileOf(uploads[2]!.url)}`,
      socialLinks: {},
      joinedAt: row!.joinedAt.toISOString(),
    });
  });

  it('has each blog as stored: its blocks, dates, tags and images', async () => {
    for (const blogId of [ids.published, ids.draft]) {
      const row = await blogRow(blogId);
      const blog = json(files, `blogs/${blogId}.json`, ExportedBlog);
      expect(withImageUrls(blog.content.blocks, stored)).toEqual(row.content.blocks);
      expect(blog).toMatchObject({
        blog_id: blogId,
        author: writer.username,
        title: row.title,
        des: row.des,
        tags: row.tags,
        draft: row.draft,
        publishedAt: row.publishedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      });
      expect(stored(blog.banner)).toBe(row.banner);
    }
    const published = json(files, `blogs/${ids.published}.json`, ExportedBlog);
    expect(published.banner).toBe(`images/${fileOf(uploads[1]!.url)}`);
    const outside = published.content.blocks.find((block) => block.id === 'o1') as Extract<
      ContentBlock,
      { type: 'image' }
    >;
    expect(outside.data.file.url).toBe('https://images.example.org/outside.png');
  });

  it('has the bytes of each image as the site stored them', async () => {
    for (const upload of uploads) {
      const served = await t.app.inject({ method: 'GET', url: new URL(upload.url).pathname });
      expect(files.get(`images/${fileOf(upload.url)}`)!.equals(served.rawPayload)).toBe(true);
    }
  });

  it('has their revisions, their comments, likes, follows both ways, bookmarks and subscriptions', () => {
    const revisions = json(files, `revisions/${ids.published}.json`, ExportedRevisions);
    expect(revisions.revisions).toHaveLength(2);
    expect(revisions.revisions[0]!.content.blocks[2]).toMatchObject({
      data: { file: { url: `images/${fileOf(uploads[0]!.url)}` } },
    });

    const comments = json(files, 'comments.json', z.array(ExportedComment));
    expect(comments.map((comment) => [comment.blog, comment.text, comment.parent !== null]).sort()).toEqual(
      [
        [ids.published, 'Thank you, Rita', true],
        [ids.readers, 'Wendy was here', false],
      ].sort(),
    );
    expect(comments.every((comment) => comment.author === writer.username)).toBe(true);
    expect(json(files, 'likes.json', z.array(ExportedBlogMark))).toMatchObject([
      { user: writer.username, blog: ids.readers },
    ]);
    expect(json(files, 'bookmarks.json', z.array(ExportedBlogMark))).toMatchObject([
      { user: writer.username, blog: ids.readers },
    ]);
    const follows = json(files, 'follows.json', z.array(ExportedFollow)).map(({ follower, author }) => [
      follower,
      author,
    ]);
    expect(follows.sort()).toEqual(
      [
        [writer.username, reader.username],
        [fan.username, writer.username],
      ].sort(),
    );
    const subscriptions = json(files, 'subscriptions.json', ExportedSubscriptions);
    expect(subscriptions).toMatchObject({
      subscriptions: [{ author: reader.username, email: writer.email.toLowerCase() }],
      subscriberCount: 1,
    });
    expect(subscriptions.subscriptions[0]!.confirmedAt).not.toBeNull();
  });

  it('holds nothing of another member but the names their rows point at', () => {
    const text = [...files.entries()]
      .filter(([path]) => !path.startsWith('images/'))
      .map(([, bytes]) => bytes.toString('utf8'))
      .join('\n');
    for (const secret of [reader.email, fan.email, 'Only Rita wrote this', 'Rita says hello', 'Rita’s secret walk'])
      expect(text).not.toContain(secret);
    expect([...files.keys()].some((path) => path.includes(ids.readers))).toBe(false);
  });

  it('writes each blog as Markdown that parses back to its title, tags, date, headings and lists', async () => {
    const row = await blogRow(ids.published);
    const tree = fromMarkdown(files.get(`blogs/${ids.published}.md`)!.toString('utf8'), {
      extensions: [frontmatter(['yaml']), gfm()],
      mdastExtensions: [frontmatterFromMarkdown(['yaml']), gfmFromMarkdown()],
    }) as Root;
    const [yaml, ...body] = tree.children;
    expect(yaml?.type).toBe('yaml');
    expect(parseYaml((yaml as { value: string }).value)).toEqual({
      title: 'Everything at once',
      description: 'Every block there is.',
      date: row.publishedAt!.toISOString(),
      updated: row.updatedAt.toISOString(),
      tags: ['craft', 'notes'],
      draft: false,
      banner: `../images/${fileOf(uploads[1]!.url)}`,
      author: writer.username,
    });
    const headings = body.filter((node): node is Heading => node.type === 'heading');
    expect(
      headings.map((heading) => [heading.depth, heading.children.map((c) => ('value' in c ? c.value : '')).join('')]),
    ).toEqual([
      [2, 'The first part'],
      [3, 'The code'],
    ]);
    const list = body.find((node): node is List => node.type === 'list')!;
    const nested = (node: List): unknown[] =>
      node.children.map((item) => {
        const inner = item.children.find((child): child is List => child.type === 'list');
        return inner ? nested(inner) : 'leaf';
      });
    expect(nested(list)).toEqual([[['leaf']], 'leaf']);
    expect(body.map((node) => node.type)).toEqual(
      expect.arrayContaining(['paragraph', 'code', 'table', 'blockquote', 'thematicBreak']),
    );
    const code = body.find((node) => node.type === 'code')!;
    expect(code).toMatchObject({ lang: 'typescript', value: 'const a = 1;\nconsole.log(a | 2);' });
    const table = body.find((node) => node.type === 'table')!;
    expect(table.children).toHaveLength(2);
    const markdown = files.get(`blogs/${ids.published}.md`)!.toString('utf8');
    expect(markdown).toContain('**bold**');
    expect(markdown).toContain('[a link](https://example.com/x)');
    expect(markdown).toContain('and <mark>marked</mark> words');
    expect(markdown).toContain(`![Colours fading](../images/${fileOf(uploads[0]!.url)})`);
  });

  it('is read back by the import into posts equal to the blogs', async () => {
    // Unzipped as an upload is, within the import's limits.
    const archive = await openArchive(zip);
    const unpacked = new Map(
      await Promise.all(archive.paths.map(async (path) => [path, await archive.read(path)] as const)),
    );
    const { bundle, files: named } = readInkwellExport(unpacked);
    expect(bundle.source).toBe('inkwell');
    expect(bundle.problems).toEqual([]);
    expect(bundle.authors).toEqual([
      { key: writer.username, username: writer.username, email: writer.email, fullname: 'Wendy Writer', bio: '' },
    ]);
    expect(bundle.posts.map((p) => p.sourceKey).sort()).toEqual([ids.published, ids.draft].sort());
    for (const imported of bundle.posts) {
      const row = await blogRow(imported.sourceKey);
      const fromArchive = (url: string) => (url.startsWith('archive:images/') ? `/uploads/${url.slice(15)}` : url);
      expect(withImageUrls(imported.blocks, fromArchive)).toEqual(row.content.blocks);
      expect(imported).toMatchObject({
        authorKey: writer.username,
        title: row.title,
        description: row.des,
        tags: row.tags,
        draft: row.draft,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        oldPaths: [`/blog/${row.blogId}`],
        problems: [],
      });
      expect(imported.publishedAt).toBe(row.publishedAt?.toISOString());
      expect(imported.banner && fromArchive(imported.banner)).toBe(row.banner || undefined);
    }
    for (const [path, bytes] of named) expect(bytes.equals(files.get(path)!)).toBe(true);
    expect([...named.keys()].sort()).toEqual(
      [uploads[0]!, uploads[1]!].map((upload) => `images/${fileOf(upload.url)}`).sort(),
    );
  });
});

describe('an admin downloads the whole site', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    const { res, files: unzipped } = await exportOf('/api/admin/export', owner);
    files = unzipped;
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="inkwell-site-${day}.zip"`);
  });

  it('has every member, every blog, every image and every thread', async () => {
    expect(json(files, 'manifest.json', ExportManifest).scope).toBe('site');
    expect(json(files, 'site.json', ExportedSite).name).toBe('Inkwell');
    const members = json(files, 'users.json', ExportedUsers);
    expect(members.map((member) => [member.username, member.email, member.role]).sort()).toEqual(
      [
        [owner.username, owner.email, 'owner'],
        [writer.username, writer.email, 'member'],
        [reader.username, reader.email, 'member'],
        [fan.username, fan.email, 'member'],
      ].sort(),
    );
    const everyBlog = (await t.app.db.select({ blogId: blogs.blogId }).from(blogs)).map((row) => row.blogId);
    for (const blogId of everyBlog) {
      const row = await blogRow(blogId);
      const blog = json(files, `blogs/${blogId}.json`, ExportedBlog);
      expect(withImageUrls(blog.content.blocks, stored)).toEqual(row.content.blocks);
      expect(files.has(`blogs/${blogId}.md`)).toBe(true);
    }
    expect([...files.keys()].filter((path) => path.startsWith('blogs/'))).toHaveLength(everyBlog.length * 2);
    const keys = (await t.app.db.select({ key: images.key }).from(images)).map((row) => `images/${row.key}`);
    expect([...files.keys()].filter((path) => path.startsWith('images/')).sort()).toEqual(keys.sort());
    expect(json(files, 'comments.json', z.array(ExportedComment))).toHaveLength(3);
    expect(json(files, 'likes.json', z.array(ExportedBlogMark))).toHaveLength(2);
    expect(json(files, 'follows.json', z.array(ExportedFollow))).toHaveLength(3);
    expect(json(files, 'bookmarks.json', z.array(ExportedBlogMark))).toHaveLength(1);
    expect(json(files, 'subscribers.json', z.array(ExportedSubscriber))).toHaveLength(2);
    expect([...files.keys()].some((path) => path.startsWith('revisions/'))).toBe(false);
  });

  it('is read back with every member as an author and every blog as a post', () => {
    const { bundle } = readInkwellExport(files);
    expect(bundle.authors.map((author) => author.key).sort()).toEqual(
      [owner, writer, reader, fan].map((user) => user.username).sort(),
    );
    expect(bundle.posts.map((p) => p.sourceKey).sort()).toEqual([ids.published, ids.draft, ids.readers].sort());
  });
});

describe('who may export', () => {
  it('refuses a visitor both exports, and a member the site’s', async () => {
    for (const url of ['/api/account/export', '/api/admin/export']) {
      const res = await download(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
    const res = await download('/api/admin/export', writer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'admin_only' });
  });

  it('exports an account with nothing in it', async () => {
    const newcomer = await buildUser(t.app);
    const { files } = await exportOf('/api/account/export', newcomer);
    expect(json(files, 'profile.json', ExportedProfile).profileImage).toBeNull();
    expect(json(files, 'comments.json', z.array(ExportedComment))).toEqual([]);
    expect([...files.keys()].filter((path) => path.startsWith('blogs/'))).toEqual([]);
  });
});

describe('a thread whose writer left', () => {
  it('is whole in the site’s export: their comment "[deleted]" with no author, the reply under it', async () => {
    const leaver = await buildUser(t.app, { fullname: 'Lou Leaving' });
    const readers = await blogRow(ids.readers);
    const left = await post(t.app, '/api/comment/add-comment', { _id: readers.id, comment: 'Bye' }, leaver.token);
    const reply = { _id: readers.id, comment: 'Farewell', replying_to: left.json()._id };
    expect((await post(t.app, '/api/comment/add-comment', reply, reader.token)).statusCode).toBe(200);
    expect((await post(t.app, '/api/account/delete', { password: leaver.password }, leaver.token)).statusCode).toBe(
      200,
    );

    const { files } = await exportOf('/api/admin/export', owner);
    const thread = json(files, 'comments.json', z.array(ExportedComment)).filter((c) => c.blog === ids.readers);
    const gone = thread.find((c) => c.id === left.json()._id);
    expect(gone).toMatchObject({ author: null, text: DELETED_MEMBER, parent: null });
    expect(thread.find((c) => c.parent === gone!.id)).toMatchObject({ author: reader.username, text: 'Farewell' });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, ContentBlock, ImportStatusResponse } from '@inkwell/contracts';
import { buildApp } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, importedPosts, importFiles, importPosts, imports, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http-error.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts';
import { fetchBlog } from '../../test/conversation.ts';
import { buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { counterMismatches } from '../../test/write-ledger.ts';
import { userOfToken } from '../auth/index.ts';
import type { ImportBundle, ImportedPost } from './import-bundle.ts';
import { startImport } from './imports.service.ts';

/*
 * The import pipeline from an ImportBundle on (the readers of each format make one; their own
 * tests read real samples): the import stored and its jobs run as the worker runs them, images
 * fetched from a real HTTP server through the SSRF-safe fetcher, mails to a real SMTP inbox.
 */

/** The app's clock: the real time, moved on by a test that waits out the retries of a failing job. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let inbox: SmtpInbox;
let images: LocalServer;
/** The paths the image server was asked for. */
const asked: string[] = [];
let t: TestApp;
let owner: TestUser;
const PNG: Record<string, Buffer> = {};

beforeAll(async () => {
  for (const [name, width] of [
    ['a', 40],
    ['b', 50],
    ['c', 60],
    ['slow', 70],
  ] as const)
    PNG[name] = await fixtureImage('png', width, 30);
  images = await startLocalServer((req, res) => {
    asked.push(req.url!);
    const name = /^\/(?:img|slow)\/(\w+)\.png/.exec(req.url!)?.[1];
    const send = () => {
      if (!name || !PNG[name]) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG[name]);
    };
    if (req.url!.startsWith('/slow/')) setTimeout(send, 250);
    else send();
  });
  inbox = await startSmtpInbox();
  t = await buildTestApp(
    { FETCH_ALLOW_HOSTS: 'localhost', SMTP_URL: inbox.url, PUBLIC_URL: 'http://blog.example.com' },
    undefined,
    clock,
  );
  // The first account is the site's owner, an admin.
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
});
afterAll(async () => {
  await t?.close();
  await images?.close();
  await inbox?.close();
});

const sessionOf = async (user: TestUser, app = t.app) => (await userOfToken(app.db, user.token, true))!;

/** A post as a reader makes one; override what a test is about. */
function importedPost(overrides: Partial<ImportedPost> = {}): ImportedPost {
  return {
    sourceKey: `post-${uniqueId()}`,
    title: 'A day by the sea',
    description: 'Salt, wind and a long walk.',
    tags: ['travel'],
    blocks: [{ type: 'paragraph', data: { text: 'We went down to the <b>sea</b>.' } }],
    draft: false,
    publishedAt: '2019-05-04T10:00:00.000Z',
    oldPaths: [],
    problems: [],
    ...overrides,
  };
}

const bundleOf = (posts: ImportedPost[], extra: Partial<ImportBundle> = {}): ImportBundle => ({
  source: 'wordpress',
  authors: [],
  posts,
  problems: [],
  ...extra,
});

const imageBlock = (url: string, caption = 'A picture'): ContentBlock => ({
  type: 'image',
  data: { file: { url }, caption, alt: 'The sea', withBorder: false, stretched: false, withBackground: false },
});

async function status(user: TestUser, id: string) {
  const res = await post(t.app, '/api/imports/status', { id }, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportStatusResponse>().import;
}

/** The blog a member's import made of a source's post, as its author reads it. */
async function importedBlog(author: TestUser, sourceKey: string, app = t.app): Promise<Blog> {
  const [row] = await app.db
    .select({ blogId: blogs.blogId })
    .from(importedPosts)
    .innerJoin(blogs, eq(blogs.id, importedPosts.blogId))
    .where(eq(importedPosts.sourceKey, sourceKey));
  expect(row, `no blog for ${sourceKey}`).toBeDefined();
  return fetchBlog(app, row!.blogId, author);
}

const count = async (db: Executor, table: string, where = sql`true`) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!
    .n;

describe('an import of one’s own blog', () => {
  it('writes each post as a blog with its dates, tags, banner, images and blocks; drafts stay drafts; counters stay exact', async () => {
    const writer = await buildUser(t.app);
    const follower = await buildUser(t.app);
    expect(
      (await post(t.app, '/api/user/follow', { username: writer.username, isFollowing: false }, follower.token))
        .statusCode,
    ).toBe(200);
    const published = importedPost({
      title: 'Walking the coast',
      tags: ['Travel', 'sea', 'walks', 'coast', 'wind', 'salt', 'sand', 'rocks', 'gulls', 'boats', 'rain', 'fog'],
      banner: `${images.url}/img/a.png`,
      blocks: [
        { type: 'header', data: { text: 'Morning', level: 2 } },
        { type: 'paragraph', data: { text: 'Cold, <i>bright</i>.<script>alert(1)</script>' } },
        imageBlock(`${images.url}/img/b.png`),
        { type: 'list', data: { style: 'ordered', items: [{ content: 'Boots', items: [] }] } },
        { type: 'code', data: { code: 'print("hi")', language: 'python' } },
        { type: 'header', data: { text: '   ', level: 3 } },
      ],
      publishedAt: '2019-05-04T10:00:00.000Z',
      createdAt: '2019-05-01T08:00:00.000Z',
      problems: ['A footnote was kept as a note at the end'],
    });
    const draft = importedPost({
      title: 'Unfinished',
      draft: true,
      publishedAt: undefined,
      tags: [],
      blocks: [imageBlock('archive:images/c.png'), { type: 'paragraph', data: { text: 'More later.' } }],
    });
    const bare = importedPost({ title: 'No picture', tags: [], publishedAt: '2020-01-02T00:00:00.000Z' });
    const started = await startImport(
      t.app.db,
      await sessionOf(writer),
      {
        bundle: bundleOf([published, draft, bare], { problems: ['A page was left out'] }),
        files: new Map([['images/c.png', PNG.c!]]),
      },
      'own',
    );
    expect(started).toMatchObject({ source: 'wordpress', scope: 'own', posts: 3, drafts: 1, authors: [] });
    expect(await status(writer, started.id)).toMatchObject({ state: 'running', postsTotal: 3, postsDone: 0 });

    await t.app.jobs.runDue();

    const done = await status(writer, started.id);
    expect(done).toMatchObject({
      state: 'done',
      postsTotal: 3,
      postsDone: 3,
      postsImported: 3,
      postsSkipped: 0,
      imagesFetched: 3,
      finishedAt: expect.any(String),
    });
    expect(done.report).toEqual(
      expect.arrayContaining([
        { post: null, problem: 'A page was left out' },
        { post: 'Walking the coast', problem: 'A footnote was kept as a note at the end' },
        { post: 'Walking the coast', problem: 'A blog keeps 10 tags: rain, fog left out' },
        { post: 'Walking the coast', problem: 'Block 6 (header) was left out: a heading needs text' },
        { post: 'No picture', problem: 'It had no tags, which a published blog needs: it is tagged “imported”' },
        { post: 'No picture', problem: 'It had no image to be its banner: the site’s share image stands in' },
      ]),
    );
    expect(done.report).toHaveLength(6);

    const walk = await importedBlog(writer, published.sourceKey);
    expect(walk).toMatchObject({
      title: 'Walking the coast',
      des: 'Salt, wind and a long walk.',
      draft: false,
      publishedAt: '2019-05-04T10:00:00.000Z',
      tags: ['travel', 'sea', 'walks', 'coast', 'wind', 'salt', 'sand', 'rocks', 'gulls', 'boats'],
    });
    expect(walk.banner).toMatch(/\/uploads\/[0-9a-f]{64}\.png$/);
    const blocks = walk.content[0]!.blocks;
    expect(blocks.map((block) => block.type)).toEqual(['header', 'paragraph', 'image', 'list', 'code']);
    expect(blocks[1]!.data).toEqual({ text: 'Cold, <i>bright</i>.' });
    // Its code was highlighted as it was written, as a save does: stored beside it, never on a read.
    const [stored] = await t.app.db
      .select({ codeHtml: blogs.codeHtml })
      .from(blogs)
      .where(eq(blogs.blogId, walk.blog_id));
    expect(stored!.codeHtml).toEqual([(blocks[4] as Extract<ContentBlock, { type: 'code' }>).data.html]);
    expect(stored!.codeHtml[0]).toContain('<span class="hljs-built_in">print</span>');
    const image = blocks[2] as Extract<ContentBlock, { type: 'image' }>;
    expect(image.data.file).toEqual({
      url: expect.stringMatching(/\/uploads\/[0-9a-f]{64}\.png$/),
      width: 50,
      height: 30,
    });
    expect(image.data.file.url).not.toBe(walk.banner);

    const unfinished = await importedBlog(writer, draft.sourceKey);
    expect(unfinished).toMatchObject({ draft: true, publishedAt: null, tags: [] });
    expect(unfinished.banner).toMatch(/\/uploads\/[0-9a-f]{64}\.png$/);
    expect(unfinished.banner).toBe(
      (unfinished.content[0]!.blocks[0] as { data: { file: { url: string } } }).data.file.url,
    );

    const noPicture = await importedBlog(writer, bare.sourceKey);
    expect(noPicture).toMatchObject({ tags: ['imported'], publishedAt: '2020-01-02T00:00:00.000Z' });
    expect(noPicture.banner).toMatch(/\/api\/share-image\.png$/);

    // Imported, not news: the follower hears nothing; the saves kept a revision each.
    const notified = await post(t.app, '/api/notification/all-notifications-count', { filter: 'all' }, follower.token);
    expect(notified.json()).toEqual({ totalDocs: 0 });
    const revisions = await post(t.app, '/api/blog/revisions', { blog_id: walk.blog_id }, writer.token);
    expect(revisions.json<{ revisions: unknown[] }>().revisions).toHaveLength(1);

    expect(await counterMismatches(t.app.db)).toEqual([]);
    const [author] = await t.app.db.select().from(users).where(eq(users.username, writer.username));
    expect(author!.totalPosts).toBe(2);
    // What an import keeps while it runs is gone; its report stays.
    expect(await count(t.app.db, 'import_posts', sql`import_id = ${started.id}`)).toBe(0);
    expect(await count(t.app.db, 'import_files', sql`import_id = ${started.id}`)).toBe(0);

    // The same file again: every post is found, nothing is written twice.
    const again = await startImport(
      t.app.db,
      await sessionOf(writer),
      { bundle: bundleOf([published, draft, bare]), files: new Map([['images/c.png', PNG.c!]]) },
      'own',
    );
    await t.app.jobs.runDue();
    expect(await status(writer, again.id)).toMatchObject({
      state: 'done',
      postsDone: 3,
      postsImported: 0,
      postsSkipped: 3,
      report: [],
    });
    expect(await count(t.app.db, 'blogs', sql`author_id = ${author!.id}`)).toBe(3);
    expect(await counterMismatches(t.app.db)).toEqual([]);
  });

  it('refuses an image at a private address, never fetching it, reports it and imports the rest of the post', async () => {
    const writer = await buildUser(t.app);
    // The image server listens on 127.0.0.1: by that address (not the `localhost` tests let through) it is private.
    const secret = `http://127.0.0.1:${images.port}/img/secret-${uniqueId()}.png`;
    const meta = 'http://169.254.169.254/latest/meta-data/a.png';
    const bundle = bundleOf([
      importedPost({
        title: 'Inside',
        banner: secret,
        blocks: [imageBlock(meta), { type: 'paragraph', data: { text: 'Still here.' } }],
      }),
    ]);
    const started = await startImport(t.app.db, await sessionOf(writer), { bundle, files: new Map() }, 'own');
    await t.app.jobs.runDue();
    const done = await status(writer, started.id);
    expect(done).toMatchObject({ state: 'done', postsImported: 1, imagesFetched: 0 });
    expect(done.report).toEqual([
      { post: 'Inside', problem: `The image ${secret} was left out: This address cannot be fetched` },
      { post: 'Inside', problem: `The image ${meta} was left out: This address cannot be fetched` },
      { post: 'Inside', problem: 'It had no image to be its banner: the site’s share image stands in' },
    ]);
    expect(asked.filter((path) => path.includes('secret'))).toEqual([]);
    const blog = await importedBlog(writer, bundle.posts[0]!.sourceKey);
    expect(blog.content[0]!.blocks).toEqual([{ type: 'paragraph', data: { text: 'Still here.' } }]);
  });

  it('leaves out a post that cannot be written, after its last try, and reports it; the others go on', async () => {
    const writer = await buildUser(t.app);
    // What no reader makes: a post whose blocks are not a list.
    const broken = importedPost({ title: 'Broken', blocks: 'not blocks' as unknown as ContentBlock[] });
    const fine = importedPost({ title: 'Fine' });
    const started = await startImport(
      t.app.db,
      await sessionOf(writer),
      { bundle: bundleOf([broken, fine]), files: new Map() },
      'own',
    );
    await t.app.jobs.runDue();
    expect(await status(writer, started.id)).toMatchObject({ state: 'running', postsDone: 1, postsImported: 1 });
    // Its retries, each after the wait its job is given (at most an hour).
    for (let attempt = 2; attempt <= 5; attempt++) {
      offset += 3_600_000;
      await t.app.jobs.runDue();
    }
    expect(await status(writer, started.id)).toMatchObject({
      state: 'done',
      postsDone: 2,
      postsImported: 1,
      report: [
        { post: 'Fine', problem: 'It had no image to be its banner: the site’s share image stands in' },
        { post: 'Broken', problem: 'Not imported: something went wrong on our side' },
      ],
    });
    const [row] = await t.app.db.select().from(imports).where(eq(imports.id, started.id));
    expect(row!.authors).toEqual([]);
  });

  it('sends an untrusted member’s published posts to review where the site reviews new members, keeping their dates', async () => {
    const settings = async (changes: object) =>
      expect((await post(t.app, '/api/admin/update-settings', changes, owner.token)).statusCode).toBe(200);
    await settings({ reviewNewMembers: true });
    try {
      const newcomer = await buildUser(t.app);
      const waiting = importedPost({ title: 'Waits for a moderator' });
      await startImport(t.app.db, await sessionOf(newcomer), { bundle: bundleOf([waiting]), files: new Map() }, 'own');
      await t.app.jobs.runDue();
      const [row] = await queryRows<{ awaiting_review: boolean; listed: boolean; published_at: Date }>(
        t.app.db,
        sql`select awaiting_review, listed, published_at from blogs where title = 'Waits for a moderator'`,
      );
      expect(row).toMatchObject({ awaiting_review: true, listed: false });
      expect(new Date(row!.published_at).toISOString()).toBe('2019-05-04T10:00:00.000Z');
      expect(await counterMismatches(t.app.db)).toEqual([]);
    } finally {
      await settings({ reviewNewMembers: false });
    }
  });

  it('is shown only to its importer: another member, and an admin, get 404', async () => {
    const writer = await buildUser(t.app);
    const stranger = await buildUser(t.app);
    const started = await startImport(
      t.app.db,
      await sessionOf(writer),
      { bundle: bundleOf([importedPost()]), files: new Map() },
      'own',
    );
    for (const who of [stranger, owner]) {
      const res = await post(t.app, '/api/imports/status', { id: started.id }, who.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'No import of yours has this id', code: 'import_not_found' });
    }
    const malformed = await post(t.app, '/api/imports/status', { id: 'not-an-id' }, writer.token);
    expect(malformed.statusCode).toBe(404);
    const list = await post(t.app, '/api/imports/list', undefined, writer.token);
    expect(list.json()).toMatchObject({ imports: [{ _id: started.id, postsTotal: 1 }] });
    expect((await post(t.app, '/api/imports/list', undefined, stranger.token)).json()).toEqual({ imports: [] });
    await t.app.jobs.runDue();
  });
});

describe('an admin’s import of a whole site', () => {
  it('maps authors by e-mail: a member keeps theirs, a new one gets one account and a mail to choose a password', async () => {
    const member = await buildUser(t.app, { fullname: 'Ada Member' });
    const newcomer = `bob.${uniqueId()}@example.com`;
    const bobName = `bob_${uniqueId()}`.slice(0, 30);
    const bundle = bundleOf(
      [
        importedPost({ authorKey: 'bob', title: 'Bob one' }),
        importedPost({ authorKey: 'bob', title: 'Bob two' }),
        importedPost({ authorKey: 'ada', title: 'Ada one' }),
        importedPost({ authorKey: 'nobody', title: 'Whose?' }),
      ],
      {
        authors: [
          { key: 'bob', email: newcomer, fullname: 'Bob Newcomer', username: bobName, bio: 'Writes about boats.' },
          { key: 'ada', email: member.email.toUpperCase(), fullname: 'Ada M.' },
          { key: 'nobody', fullname: 'No Mail' },
        ],
      },
    );
    await expect(startImport(t.app.db, await sessionOf(member), { bundle, files: new Map() }, 'site')).rejects.toThrow(
      HttpError,
    );
    const started = await startImport(t.app.db, await sessionOf(owner), { bundle, files: new Map() }, 'site');
    expect(started.authors).toEqual([
      { name: 'Bob Newcomer', email: newcomer, becomes: 'new', username: null, posts: 2 },
      { name: 'Ada M.', email: member.email.toUpperCase(), becomes: 'member', username: member.username, posts: 1 },
      { name: 'No Mail', email: null, becomes: 'importer', username: null, posts: 1 },
    ]);

    await t.app.jobs.runDue();
    expect(await status(owner, started.id)).toMatchObject({ state: 'done', postsImported: 4 });
    // An admin sees a site import; its importer is the admin, and a member it names does not.
    expect((await post(t.app, '/api/imports/status', { id: started.id }, member.token)).statusCode).toBe(404);

    const authorOf = async (title: string) =>
      (
        await queryRows<{ email: string }>(
          t.app.db,
          sql`select u.email from blogs b join users u on u.id = b.author_id where b.title = ${title}`,
        )
      ).map((row) => row.email.toLowerCase());
    expect(await authorOf('Bob one')).toEqual([newcomer]);
    expect(await authorOf('Bob two')).toEqual([newcomer]);
    expect(await authorOf('Ada one')).toEqual([member.email.toLowerCase()]);
    expect(await authorOf('Whose?')).toEqual([owner.email.toLowerCase()]);
    expect(await count(t.app.db, 'users', sql`lower(email) = ${newcomer}`)).toBe(1);
    // The source's username (free here) and bio come along.
    const [bob] = await t.app.db.select().from(users).where(eq(users.email, newcomer));
    expect(bob).toMatchObject({
      username: bobName,
      fullname: 'Bob Newcomer',
      bio: 'Writes about boats.',
      passwordHash: null,
    });

    const mail = await inbox.mailTo(newcomer);
    expect(mail.subject).toBe('Your account on Inkwell');
    const token = /http:\/\/blog\.example\.com\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    expect(inbox.mails.filter((m) => m.to.includes(newcomer))).toHaveLength(1);
    expect((await post(t.app, '/api/user/reset-password', { token, password: 'Chosen123' })).statusCode).toBe(200);
    const signIn = await post(t.app, '/api/user/signin', { email: newcomer, password: 'Chosen123' });
    expect(signIn.statusCode).toBe(200);
    expect(await counterMismatches(t.app.db)).toEqual([]);
  });
});

describe('a restart in the middle of an import', () => {
  it('finishes the posts left, each once', async () => {
    const database = await createTestDatabase();
    const config = testConfig({ FETCH_ALLOW_HOSTS: 'localhost' });
    const first = await buildApp({ config, database });
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await first.ready();
      const writer = await buildUser(first);
      const posts = Array.from({ length: 6 }, (_, n) =>
        importedPost({ title: `Slow ${n}`, banner: `${images.url}/slow/slow.png?n=${n}` }),
      );
      const started = await startImport(
        first.db,
        await sessionOf(writer, first),
        { bundle: bundleOf(posts), files: new Map() },
        'own',
      );
      const progress = async (db: Executor) => (await db.select().from(imports).where(eq(imports.id, started.id)))[0]!;
      const running = first.jobs.runDue();
      while ((await progress(first.db)).postsDone === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      // Closing stops claiming and waits for the posts under way; the rest wait in the queue.
      await first.close();
      await running;
      const stopped = await progress(database.db);
      expect(stopped.postsDone).toBeGreaterThan(0);
      expect(stopped.postsDone).toBeLessThan(6);

      second = await buildApp({ config, database });
      await second.ready();
      await second.jobs.runDue();
      expect(await progress(database.db)).toMatchObject({ state: 'done', postsDone: 6, postsImported: 6 });
      expect(await count(database.db, 'blogs')).toBe(6);
      expect(
        (await queryRows<{ title: string }>(database.db, sql`select title from blogs order by title`)).map(
          (r) => r.title,
        ),
      ).toEqual(posts.map((p) => p.title));
      expect(await database.db.select().from(importPosts)).toEqual([]);
      expect(await database.db.select().from(importFiles)).toEqual([]);
      expect(await counterMismatches(database.db)).toEqual([]);
    } finally {
      await first.close();
      await second?.close();
      await database.drop();
    }
  });
});

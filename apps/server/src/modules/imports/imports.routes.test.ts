import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportLimits, type ImportStarted, type ImportStatusResponse } from '@inkwell/contracts';
import { loadConfig } from '../../config.ts';
import { queryRows } from '../../db/query-rows.ts';
import { databaseSnapshot } from '../../hostile/database-snapshot.ts';
import { rowsHolding } from '../../test/database-scan.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fetchBlog } from '../../test/conversation.ts';
import { bearer, buildUser, post, uniqueId, type TestUser } from '../../test/factories.ts';
import { fixtureImage } from '../../test/images.ts';
import { folderEntries, zipOf } from '../../test/import-samples.ts';
import { startLocalServer, type LocalServer } from '../../test/local-server.ts';

/*
 * The import as a client makes it: a WordPress export uploaded as multipart/form-data, read whole or
 * refused whole, its posts written by the job, their old addresses answered with a 301 by the
 * server-rendered pages (the web app's server build, which `npm run build` makes).
 */

let t: TestApp;
let images: LocalServer;
let owner: TestUser;
beforeAll(async () => {
  const renderer = `${loadConfig({}).webDist}-server/entry-server.js`;
  if (!existsSync(renderer)) throw new Error(`No server build at ${renderer}: run \`npm run build\` first`);
  const png = await fixtureImage('png', 80, 40);
  images = await startLocalServer((_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  t = await buildTestApp({ FETCH_ALLOW_HOSTS: 'localhost', RATE_LIMIT_MULTIPLIER: '100' });
  owner = await buildUser(t.app, { fullname: 'Olive Owner' });
});
afterAll(async () => {
  await t?.close();
  await images?.close();
});

interface Item {
  id: number;
  title: string;
  slug: string;
  status?: 'publish' | 'draft';
  date?: string;
  body: string;
  tags?: string[];
  creator?: string;
}

/** A WordPress export (WXR 1.2) of these posts, on the old site `https://old.example`. */
function wxr(items: Item[], authors = '') {
  const item = ({
    id,
    title,
    slug,
    status = 'publish',
    date = '2019-04-02 22:15:00',
    body,
    tags = [],
    creator = 'admin',
  }: Item) => `
  <item>
    <title><![CDATA[${title}]]></title>
    <link>https://old.example/${date.slice(0, 4)}/${date.slice(5, 7)}/${slug}/</link>
    <dc:creator><![CDATA[${creator}]]></dc:creator>
    <guid isPermaLink="false">https://old.example/?p=${id}</guid>
    <content:encoded><![CDATA[${body}]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${id}</wp:post_id>
    <wp:post_date_gmt><![CDATA[${date}]]></wp:post_date_gmt>
    <wp:post_name><![CDATA[${slug}]]></wp:post_name>
    <wp:status><![CDATA[${status}]]></wp:status>
    <wp:post_type><![CDATA[post]]></wp:post_type>
    ${tags.map((tag) => `<category domain="post_tag" nicename="${tag}"><![CDATA[${tag}]]></category>`).join('')}
  </item>`;
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
  <title>Old notes</title>
  <link>https://old.example</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example</wp:base_site_url>
  ${authors}
  ${items.map(item).join('')}
</channel>
</rss>`;
}

const authorXml = (login: string, email: string, name: string) =>
  `<wp:author><wp:author_login><![CDATA[${login}]]></wp:author_login><wp:author_email><![CDATA[${email}]]></wp:author_email><wp:author_display_name><![CDATA[${name}]]></wp:author_display_name></wp:author>`;

function upload(user: TestUser | null, file: Buffer | string | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file !== null)
    form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), 'export.xml');
  return t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form,
    headers: user ? bearer(user.token) : {},
  });
}

async function importDone(user: TestUser, id: string) {
  await t.app.jobs.runDue();
  const res = await post(t.app, '/api/imports/status', { id }, user.token);
  return res.json<ImportStatusResponse>().import;
}

/** A blog_id by the title its import gave it. */
const blogIdOf = async (title: string) =>
  (await queryRows<{ blog_id: string }>(t.app.db, sql`select blog_id from blogs where title = ${title}`))[0]!.blog_id;

describe('POST /api/imports', () => {
  it('reads a WordPress export and writes its posts in the background; their old addresses answer 301', async () => {
    const writer = await buildUser(t.app);
    const slug = `harbour-${uniqueId()}`;
    const title = `The harbour ${uniqueId()}`;
    const file = wxr([
      {
        id: 42,
        title,
        slug,
        date: '2018-07-09 06:30:00',
        tags: ['boats', 'sea'],
        body: `<p>Boats at dawn.</p>\n<img src="${images.url}/harbour.png" alt="Boats" />\n<p>Then breakfast.</p>`,
      },
      { id: 43, title: `Unsent ${uniqueId()}`, slug: 'unsent', status: 'draft', body: '<p>Later.</p>' },
    ]);
    const res = await upload(writer, file);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<ImportStarted>();
    expect(started).toMatchObject({ source: 'wordpress', scope: 'own', posts: 2, drafts: 1, authors: [] });

    expect(await importDone(writer, started.id)).toMatchObject({
      state: 'done',
      postsDone: 2,
      postsImported: 2,
      imagesFetched: 1,
    });
    const blogId = await blogIdOf(title);
    const blog = await fetchBlog(t.app, blogId, writer);
    expect(blog).toMatchObject({ publishedAt: '2018-07-09T06:30:00.000Z', tags: ['boats', 'sea'], draft: false });
    expect(blog.content[0]!.blocks.map((block) => block.type)).toEqual(['paragraph', 'image', 'paragraph']);

    // Its addresses on the old site, with and without the slash, a query or WordPress's id, lead to it for good.
    for (const url of [`/2018/07/${slug}/`, `/2018/07/${slug}`, `/2018/07/${slug}/?utm_source=feed`, '/?p=42']) {
      const moved = await t.app.inject({ method: 'GET', url });
      expect([url, moved.statusCode, moved.headers.location]).toEqual([url, 301, `/blog/${blogId}`]);
    }
    // Kept in the cache of anonymous reads, Location and all.
    const hits = t.app.readCache.stats().hits;
    const again = await t.app.inject({ method: 'GET', url: `/2018/07/${slug}/` });
    expect([again.statusCode, again.headers.location]).toEqual([301, `/blog/${blogId}`]);
    expect(t.app.readCache.stats().hits).toBe(hits + 1);
    // What no post had is still not found, and the app's own pages are still the app.
    expect((await t.app.inject({ method: 'GET', url: `/2018/07/other-${uniqueId()}/` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/?p=99999' })).statusCode).toBe(200);
    // A draft's old address leads nowhere: its answer names nothing of it.
    const draft = await t.app.inject({ method: 'GET', url: '/?p=43' });
    expect([draft.statusCode, draft.headers.location]).toEqual([200, undefined]);
    expect((await t.app.inject({ method: 'GET', url: '/settings/edit-profile' })).statusCode).toBe(200);

    // The blog deleted, its old addresses go with it.
    expect((await post(t.app, '/api/blog/delete-blog', { blog_id: blogId }, writer.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/2018/07/${slug}/` })).statusCode).toBe(404);
  });

  it('imports a zip of Markdown files with the pictures beside them, each stored as an upload', async () => {
    const writer = await buildUser(t.app);
    const res = await upload(writer, await zipOf(folderEntries('markdown', 'my-blog/')));
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<ImportStarted>();
    expect(started.source).toBe('markdown');
    const done = await importDone(writer, started.id);
    expect(done).toMatchObject({ state: 'done', postsDone: started.posts, postsImported: started.posts });
    expect(done.imagesFetched).toBeGreaterThanOrEqual(3);
    const pictures = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from blogs b join users u on u.id = b.author_id, jsonb_array_elements(b.content -> 'blocks') block
          where u.username = ${writer.username} and block ->> 'type' = 'image'
            and block -> 'data' -> 'file' ->> 'url' like '/uploads/%'`,
    );
    expect(pictures[0]!.n).toBeGreaterThanOrEqual(2);
  });

  it('lets an admin import a whole site, answering who each author becomes', async () => {
    const member = await buildUser(t.app);
    const newcomer = `new.${uniqueId()}@example.com`;
    const file = wxr(
      [
        { id: 1, title: `By the member ${uniqueId()}`, slug: 'a', body: '<p>One.</p>', creator: 'm', tags: ['x'] },
        { id: 2, title: `By the newcomer ${uniqueId()}`, slug: 'b', body: '<p>Two.</p>', creator: 'n', tags: ['x'] },
      ],
      authorXml('m', member.email, 'The Member') + authorXml('n', newcomer, 'New Writer'),
    );
    const refused = await upload(member, file, { scope: 'site' });
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      { error: 'Only the site’s admins can do this', code: 'admin_only' },
    ]);

    const res = await upload(owner, file, { scope: 'site', site_url: 'https://old.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportStarted>().authors).toEqual([
      { name: 'The Member', email: member.email, becomes: 'member', username: member.username, posts: 1 },
      { name: 'New Writer', email: newcomer, becomes: 'new', username: null, posts: 1 },
    ]);
    expect(await importDone(owner, res.json<ImportStarted>().id)).toMatchObject({ state: 'done', postsImported: 2 });

    // The member leaves: the import that named them as a source author names them no more.
    const memberId = (
      await queryRows<{ id: string }>(t.app.db, sql`select id from users where username = ${member.username}`)
    )[0]!.id;
    expect(await rowsHolding(t.app.db, [member.email])).not.toEqual([]);
    const deleted = await post(t.app, '/api/account/delete', { password: member.password }, member.token);
    expect(deleted.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await rowsHolding(t.app.db, [memberId, member.username, member.email])).toEqual([]);
  });

  it('refuses a file it cannot read, or a request it must not take, and writes nothing', async () => {
    const writer = await buildUser(t.app);
    const before = await databaseSnapshot(t.app.db);
    const cases: [string, Promise<Awaited<ReturnType<typeof upload>>>, number, string][] = [
      ['not an export', upload(writer, 'Dear diary, today I moved my blog.'), 400, 'import_format_unknown'],
      ['a WordPress export cut short', upload(writer, wxr([]).slice(0, 300)), 400, 'import_unreadable'],
      ['no file', upload(writer, null, { scope: 'own' }), 400, 'import_file_required'],
      ['an empty file', upload(writer, ''), 400, 'import_file_required'],
      ['a scope that is none', upload(writer, wxr([]), { scope: 'everyone' }), 400, 'validation_failed'],
      [
        'an old address that is none',
        upload(writer, wxr([]), { site_url: 'javascript:alert(1)' }),
        400,
        'import_site_url_invalid',
      ],
      [
        'a file over the limit',
        upload(writer, Buffer.alloc(ImportLimits.fileMaxBytes + 1, 32)),
        413,
        'import_too_large',
      ],
      ['no session', upload(null, wxr([])), 401, 'unauthorized'],
    ];
    for (const [name, answer, status, code] of cases) {
      const res = await answer;
      expect([name, res.statusCode, res.json<{ code: string }>().code]).toEqual([name, status, code]);
    }
    const json = await post(t.app, '/api/imports', { file: 'x' }, writer.token);
    expect(json.statusCode).toBe(415);
    expect(await databaseSnapshot(t.app.db)).toEqual(before);
  });
});

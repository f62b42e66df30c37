import { Blog, ErrorMessages } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.app, { fullname: 'Ada Author' });
  reader = await buildUser(t.app);
});
afterAll(() => t.close());

function getBlog(body: Record<string, unknown>, { user, ip = '203.0.113.1' }: { user?: TestUser; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/blog/get-blog',
    payload: body,
    headers: user ? bearer(user.token) : {},
    remoteAddress: ip,
  });
}

/** The author's reads, once every read noted so far is counted. */
async function authorReads(): Promise<number> {
  await t.app.readCounts.flush();
  const [row] = await queryRows<{ total_reads: number }>(
    t.app.db,
    sql`select total_reads from users where username = ${author.username}`,
  );
  return Number(row!.total_reads);
}

/**
 * What clients send besides blog_id: the tutorial's editor `{draft: true, mode: 'edit'}`, other
 * forks `draft` and `mode` apart, `mode: 'read'` or an empty mode.
 */
const readings = [
  { draft: true, mode: 'edit' },
  { mode: 'edit' },
  { draft: true },
  { draft: false, mode: '' },
  { mode: 'read' },
];

describe('POST /api/blog/get-blog', () => {
  it('answers a published blog to anyone, in the shape of docs/product/data.md', async () => {
    const blogId = await buildBlog(t.app, author, { title: 'Shape check', tags: ['Travel', 'tech'] });
    const res = await getBlog({ blog_id: blogId });
    expect(res.statusCode).toBe(200);
    const { blog } = res.json();
    expect(Blog.parse(blog)).toEqual(blog);
    expect(blog).toMatchObject({
      blog_id: blogId,
      title: 'Shape check',
      banner: 'http://localhost:80/uploads/banner.webp',
      des: 'Notes from a long walk.',
      tags: ['travel', 'tech'],
      draft: false,
      author: { personal_info: { fullname: 'Ada Author', username: author.username } },
      // This read is counted at the next flush.
      activity: { total_likes: 0, total_comments: 0, total_parent_comments: 0, total_reads: 0 },
      content: [
        { time: 1, version: '2.31.0', blocks: [{ id: 'p1', type: 'paragraph', data: { text: 'We left early.' } }] },
      ],
    });
    expect(blog._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(blog.publishedAt).toISOString()).toBe(blog.publishedAt);
  });

  it('answers 404 for an unknown blog and 400 for a malformed body', async () => {
    const missing = await getBlog({ blog_id: 'nope-123456' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: ErrorMessages.not_found, code: 'not_found' });
    const bad = await getBlog({ blog_id: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^blog_id must be /);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('shows a draft only to its author, in any mode', async () => {
    const draftId = await buildBlog(t.app, author, { draft: true, title: 'Secret plans' });
    for (const body of [{ blog_id: draftId }, ...readings.map((reading) => ({ blog_id: draftId, ...reading }))]) {
      expect((await getBlog(body)).statusCode).toBe(404);
      expect((await getBlog(body, { user: reader })).statusCode).toBe(404);
      const own = await getBlog(body, { user: author });
      expect(own.statusCode).toBe(200);
      expect(own.json().blog).toMatchObject({ title: 'Secret plans', draft: true, publishedAt: null });
    }
  });

  it('answers a published blog to anyone in every way a client asks for it, the editor’s way included', async () => {
    const blogId = await buildBlog(t.app, author, { title: 'Open to all' });
    for (const reading of readings) {
      for (const user of [undefined, reader, author]) {
        const res = await getBlog({ blog_id: blogId, ...reading }, { user });
        expect(res.statusCode, JSON.stringify(reading)).toBe(200);
        expect(res.json().blog).toMatchObject({ blog_id: blogId, title: 'Open to all', draft: false });
      }
    }
  });
});

async function blogReads(blogId: string): Promise<number> {
  const [row] = await queryRows<{ total_reads: number }>(
    t.app.db,
    sql`select total_reads from blogs where blog_id = ${blogId}`,
  );
  return Number(row!.total_reads);
}

describe('POST /api/blog/get-blog: counting reads', () => {
  /** Reads the blog, counts the batched reads, and answers the blog's count of reads. */
  const reads = async (
    blogId: string,
    options: { user?: TestUser; ip?: string } = {},
    body: Record<string, unknown> = {},
  ) => {
    expect((await getBlog({ blog_id: blogId, ...body }, options)).statusCode).toBe(200);
    await t.app.readCounts.flush();
    return blogReads(blogId);
  };

  it('counts a visitor once per blog per day, by account or by address', async () => {
    const blogId = await buildBlog(t.app, author);
    const before = await authorReads();
    expect(await reads(blogId, { ip: '198.51.100.7' })).toBe(1);
    expect(await reads(blogId, { ip: '198.51.100.7' })).toBe(1);
    expect(await reads(blogId, { ip: '198.51.100.8' })).toBe(2);
    // A signed-in reader is one visitor wherever they read from.
    expect(await reads(blogId, { user: reader, ip: '198.51.100.7' })).toBe(3);
    expect(await reads(blogId, { user: reader, ip: '198.51.100.9' })).toBe(3);
    expect(await authorReads()).toBe(before + 3);

    // The same visitor reading another blog counts there.
    const other = await buildBlog(t.app, author);
    expect(await reads(other, { ip: '198.51.100.7' })).toBe(1);
    expect(await authorReads()).toBe(before + 4);
  });

  it('never counts the author reading their own blog, nor anyone opening it in the editor', async () => {
    const blogId = await buildBlog(t.app, author);
    const before = await authorReads();
    expect(await reads(blogId, { user: author })).toBe(0);
    expect(await reads(blogId, { user: author }, { mode: 'edit' })).toBe(0);
    expect(await reads(blogId, { ip: '198.51.100.20' }, { draft: true, mode: 'edit' })).toBe(0);
    expect(await reads(blogId, { user: reader }, { mode: 'edit' })).toBe(0);
    expect(await authorReads()).toBe(before);
    // Any other mode is reading.
    expect(await reads(blogId, { ip: '198.51.100.21' }, { draft: false, mode: '' })).toBe(1);
    expect(await reads(blogId, { user: reader }, { mode: 'read' })).toBe(2);
  });

  it('counts each of many concurrent first reads exactly once', async () => {
    const blogId = await buildBlog(t.app, author);
    const ips = Array.from({ length: 8 }, (_, i) => `192.0.2.${i + 1}`);
    await Promise.all([...ips, ...ips].map((ip) => getBlog({ blog_id: blogId }, { ip })));
    expect(await reads(blogId, { ip: ips[0] })).toBe(ips.length);
  });

  it('counts reads in batches: the answer and the counters show them after the next flush, not before', async () => {
    const blogId = await buildBlog(t.app, author);
    const before = await authorReads();
    for (const ip of ['198.51.100.30', '198.51.100.31']) {
      const res = await getBlog({ blog_id: blogId }, { ip });
      expect(res.json().blog.activity.total_reads).toBe(0);
    }
    const [row] = await queryRows<{ total_reads: number }>(
      t.app.db,
      sql`select total_reads from users where username = ${author.username}`,
    );
    expect([await blogReads(blogId), Number(row!.total_reads)]).toEqual([0, before]);

    await t.app.readCounts.flush();
    expect(await blogReads(blogId)).toBe(2);
    expect(await authorReads()).toBe(before + 2);
    expect((await getBlog({ blog_id: blogId }, { ip: '198.51.100.30' })).json().blog.activity.total_reads).toBe(2);
  });

  it('counts concurrent reads by distinct visitors across several flushes exactly, and a visitor again counts nothing', async () => {
    const blogId = await buildBlog(t.app, author);
    const ips = Array.from({ length: 20 }, (_, i) => `192.0.2.${i + 50}`);
    // Flushes race the reads: a visitor's second read may land in another batch than the first.
    await Promise.all([
      ...ips.map((ip) => getBlog({ blog_id: blogId }, { ip })),
      t.app.readCounts.flush(),
      ...ips.map((ip) => getBlog({ blog_id: blogId }, { ip })),
    ]);
    await t.app.readCounts.flush();
    expect(await blogReads(blogId)).toBe(ips.length);
    await getBlog({ blog_id: blogId }, { ip: ips[0] });
    await t.app.readCounts.flush();
    expect(await blogReads(blogId)).toBe(ips.length);
  });

  it('counts nothing for a draft, an unknown blog or an edit, even by other readers', async () => {
    const draftId = await buildBlog(t.app, author, { draft: true });
    const before = await authorReads();
    await getBlog({ blog_id: draftId }, { user: author });
    await getBlog({ blog_id: draftId }, { ip: '198.51.100.40' });
    await getBlog({ blog_id: 'no-such-blog-123456' }, { ip: '198.51.100.40' });
    await t.app.readCounts.flush();
    expect(await blogReads(draftId)).toBe(0);
    expect(await authorReads()).toBe(before);
  });
});

describe('POST /api/blog/read: a server-rendered blog page read in the browser', () => {
  const readCall = (body: unknown, { user, ip = '203.0.113.60' }: { user?: TestUser; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blog/read',
      payload: body as object,
      headers: user ? bearer(user.token) : {},
      remoteAddress: ip,
    });

  it('counts by get-blog’s rules: once per reader a day, by account or address, never the author, a draft or an unknown blog', async () => {
    const blogId = await buildBlog(t.app, author);
    const draftId = await buildBlog(t.app, author, { draft: true });
    const before = await authorReads();
    for (const [body, who] of [
      [{ blog_id: blogId }, { ip: '198.51.100.61' }],
      [{ blog_id: blogId }, { ip: '198.51.100.61' }],
      [{ blog_id: blogId }, { user: reader }],
      [{ blog_id: blogId }, { user: author }],
      [{ blog_id: draftId }, { ip: '198.51.100.62' }],
      [{ blog_id: 'no-such-blog-654321' }, { ip: '198.51.100.62' }],
    ] as const) {
      const res = await readCall(body, who);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    // The same reader through get-blog is the same read.
    await getBlog({ blog_id: blogId }, { user: reader });
    await t.app.readCounts.flush();
    expect(await blogReads(blogId)).toBe(2);
    expect(await blogReads(draftId)).toBe(0);
    expect(await authorReads()).toBe(before + 2);
  });

  it('answers 400 for a body without a blog_id, and counts nothing', async () => {
    const before = await authorReads();
    for (const body of [{}, { blog_id: 7 }, { blog_id: 'x'.repeat(301) }]) {
      const res = await readCall(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect(await authorReads()).toBe(before);
  });
});

describe('what the caller may do to a blog: `can`', () => {
  const can = async (blogId: string, user?: TestUser) => {
    const res = await post(t.app, '/api/blog/can', { blog_id: blogId }, user?.token);
    expect(res.statusCode).toBe(200);
    return res.json<{ can: Blog['can'] }>().can;
  };

  it('tells the author they may edit and delete, and anyone else (anonymous too) that they may not, in get-blog and in /api/blog/can', async () => {
    const blogId = await buildBlog(t.app, author);
    // Anonymous first: its answer is cached, and must not reach a signed-in caller.
    for (const [user, expected] of [
      [undefined, { edit: false, delete: false }],
      [reader, { edit: false, delete: false }],
      [author, { edit: true, delete: true }],
    ] as const) {
      expect((await getBlog({ blog_id: blogId }, { user })).json().blog.can).toEqual(expected);
      expect(await can(blogId, user)).toEqual(expected);
    }
  });

  it('answers /api/blog/can only about a blog the caller may see', async () => {
    const draftId = await buildBlog(t.app, author, { draft: true });
    expect(await can(draftId, author)).toEqual({ edit: true, delete: true });
    for (const user of [undefined, reader]) {
      const res = await post(t.app, '/api/blog/can', { blog_id: draftId }, user?.token);
      expect([res.statusCode, res.json()]).toEqual([404, { error: ErrorMessages.not_found, code: 'not_found' }]);
    }
    expect((await post(t.app, '/api/blog/can', { blog_id: 5 })).statusCode).toBe(400);
  });

  it('refuses a save and a delete exactly when `can` says no: one rule, two uses', async () => {
    for (const user of [reader, author]) {
      const blogId = await buildBlog(t.app, author);
      const { edit, delete: remove } = await can(blogId, user);
      expect([edit, remove]).toEqual(user === author ? [true, true] : [false, false]);
      const saved = await post(
        t.app,
        '/api/blog/create-blog',
        publishableBlog({ id: blogId, title: 'Taken over' }),
        user.token,
      );
      expect([saved.statusCode, saved.json()]).toEqual(
        edit
          ? [200, { id: blogId, updatedAt: expect.any(String), awaiting_review: false }]
          : [403, { error: 'Only the author can edit this blog', code: 'blog_edit_forbidden' }],
      );
      const deleted = await post(t.app, '/api/blog/delete-blog', { blog_id: blogId }, user.token);
      expect([deleted.statusCode, deleted.json()]).toEqual(
        remove
          ? [200, { status: 'done' }]
          : [403, { error: 'You can only delete your own blogs', code: 'blog_delete_forbidden' }],
      );
    }
  });
});

import { ErrorMessages, Messages } from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, type TestUser } from '../../test/factories.ts';
import { KEPT_REVISIONS, recordRevision } from './revisions.repository.ts';

let t: TestApp;
let writer: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  writer = await buildUser(t.app);
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, user: TestUser = writer) =>
  post(t.app, '/api/blog/create-blog', body, user.token);
const revisions = (blogId: string, user: TestUser | null = writer) =>
  post(t.app, '/api/blog/revisions', { blog_id: blogId }, user?.token);
const revision = (blogId: string, id: string, user: TestUser | null = writer) =>
  post(t.app, '/api/blog/revision', { blog_id: blogId, _id: id }, user?.token);
const restore = (blogId: string, id: string, user: TestUser | null = writer) =>
  post(t.app, '/api/blog/restore-revision', { blog_id: blogId, _id: id }, user?.token);

async function listOf(blogId: string): Promise<{ _id: string; savedAt: string; draft: boolean; title: string }[]> {
  const res = await revisions(blogId);
  expect(res.statusCode).toBe(200);
  return res.json().revisions;
}

async function blogAsAuthor(blogId: string) {
  const res = await post(t.app, '/api/blog/get-blog', { blog_id: blogId, mode: 'edit' }, writer.token);
  expect(res.statusCode).toBe(200);
  return res.json().blog;
}

const paragraph = (text: string) => [
  { time: 1, version: '2.31.0', blocks: [{ id: 'p1', type: 'paragraph', data: { text } }] },
];

async function totalPosts(user: TestUser): Promise<number> {
  const [row] = await queryRows<{ total_posts: number }>(
    t.app.db,
    sql`select total_posts from users where username = ${user.username}`,
  );
  return Number(row!.total_posts);
}

describe('revisions: every save keeps one', () => {
  it('records a create, a draft update and a publish, listed newest first with who saved them as what', async () => {
    const created = await create(publishableBlog({ title: 'First words', draft: true }));
    expect(created.statusCode).toBe(200);
    const blogId: string = created.json().id;
    const opened = await blogAsAuthor(blogId);
    expect(created.json().updatedAt).toBe(opened.updatedAt);

    await create(publishableBlog({ id: blogId, title: 'Second words', draft: true }));
    const published = await create(
      publishableBlog({ id: blogId, title: 'Third words', content: paragraph('Published text.') }),
    );
    expect(published.statusCode).toBe(200);

    const list = await listOf(blogId);
    expect(list.map(({ title, draft }) => ({ title, draft }))).toEqual([
      { title: 'Third words', draft: false },
      { title: 'Second words', draft: true },
      { title: 'First words', draft: true },
    ]);
    expect(list[0]!.savedAt).toBe(published.json().updatedAt);
    expect(list[0]!.savedAt).toBe((await blogAsAuthor(blogId)).updatedAt);

    const [saver] = await queryRows<{ username: string }>(
      t.app.db,
      sql`select distinct u.username from blog_revisions r join users u on u.id = r.saved_by join blogs b on b.id = r.blog_id where b.blog_id = ${blogId}`,
    );
    expect(saver!.username).toBe(writer.username);
  });

  it('answers a revision whole, its content in get-blog’s shape', async () => {
    const blogId = await buildBlog(t.app, writer, {
      title: 'Old title',
      des: 'Old des',
      tags: ['Old'],
      content: paragraph('Old <b>text</b>.'),
    });
    await create(publishableBlog({ id: blogId, title: 'New title', content: paragraph('New text.') }));
    const [, oldest] = await listOf(blogId);
    const res = await revision(blogId, oldest!._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().revision).toEqual({
      _id: oldest!._id,
      savedAt: oldest!.savedAt,
      draft: false,
      title: 'Old title',
      banner: 'http://localhost:80/uploads/banner.webp',
      des: 'Old des',
      tags: ['old'],
      content: [
        expect.objectContaining({ blocks: [{ id: 'p1', type: 'paragraph', data: { text: 'Old <b>text</b>.' } }] }),
      ],
    });
  });

  it('leaves updatedAt as it was when the blog is liked or commented', async () => {
    const blogId = await buildBlog(t.app, writer);
    const before = await blogAsAuthor(blogId);
    const reader = await buildUser(t.app);
    expect(
      (await post(t.app, '/api/blog/like-blog', { _id: before._id, isLikedByUser: false }, reader.token)).statusCode,
    ).toBe(200);
    expect(
      (await post(t.app, '/api/comment/add-comment', { _id: before._id, comment: 'Lovely' }, reader.token)).statusCode,
    ).toBe(200);
    const after = await blogAsAuthor(blogId);
    expect(after.activity.total_likes).toBe(1);
    expect(after.updatedAt).toBe(before.updatedAt);
  });
});

describe('POST /api/blog/restore-revision', () => {
  it('gives the blog the revision’s words, keeps it a draft, and is itself a revision', async () => {
    const blogId = await buildBlog(t.app, writer, { title: 'Draft one', draft: true, content: paragraph('One.') });
    await create(
      publishableBlog({ id: blogId, title: 'Draft two', draft: true, des: '', tags: [], content: paragraph('Two.') }),
    );
    const [, first] = await listOf(blogId);
    const res = await restore(blogId, first!._id);
    expect(res.statusCode).toBe(200);
    const { blog } = res.json();
    expect(blog).toMatchObject({
      blog_id: blogId,
      title: 'Draft one',
      draft: true,
      des: 'Notes from a long walk.',
      tags: ['travel'],
    });
    expect(blog.content[0].blocks).toEqual([{ id: 'p1', type: 'paragraph', data: { text: 'One.' } }]);
    expect(await blogAsAuthor(blogId)).toEqual(blog);
    const list = await listOf(blogId);
    expect(list.map((r) => r.title)).toEqual(['Draft one', 'Draft two', 'Draft one']);
    expect(list[0]).toMatchObject({ draft: true, savedAt: blog.updatedAt });
    expect(list[0]!._id).not.toBe(first!._id);
  });

  it('keeps a published blog published, and its count of posts', async () => {
    const blogId = await buildBlog(t.app, writer, { title: 'Published one' });
    await create(publishableBlog({ id: blogId, title: 'Published two' }));
    const posts = await totalPosts(writer);
    const [, first] = await listOf(blogId);
    const res = await restore(blogId, first!._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().blog).toMatchObject({ title: 'Published one', draft: false });
    expect(await totalPosts(writer)).toBe(posts);
    const anonymous = await post(t.app, '/api/blog/get-blog', { blog_id: blogId });
    expect(anonymous.json().blog.title).toBe('Published one');
  });

  it('refuses to restore a published blog to a revision that breaks the publish rules, and changes nothing', async () => {
    const blogId = await buildBlog(t.app, writer, { title: 'Rough notes', draft: true, des: '', tags: [] });
    await create(publishableBlog({ id: blogId, title: 'Finished' }));
    const before = await blogAsAuthor(blogId);
    const [, rough] = await listOf(blogId);
    const res = await restore(blogId, rough!._id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: Messages.descriptionRule, code: 'description_invalid' });
    expect(await blogAsAuthor(blogId)).toEqual(before);
    expect(await listOf(blogId)).toHaveLength(2);
  });
});

describe('revisions: only the author, and nothing leaks', () => {
  const routes = [
    ['revisions', (blogId: string, id: string, user: TestUser | null) => revisions(blogId, user), true],
    ['revision', revision, false],
    ['restore-revision', restore, false],
  ] as const;

  it.each(routes)('%s answers another user, and an unknown blog, 404 as a hidden draft', async (_name, call) => {
    const blogId = await buildBlog(t.app, writer);
    const [mine] = await listOf(blogId);
    const stranger = await buildUser(t.app);
    const hiddenDraft = await post(
      t.app,
      '/api/blog/get-blog',
      { blog_id: await buildBlog(t.app, writer, { draft: true }) },
      stranger.token,
    );
    expect(hiddenDraft.statusCode).toBe(404);
    for (const res of [await call(blogId, mine!._id, stranger), await call('no-such-blog-abc123', mine!._id, writer)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(hiddenDraft.json());
    }
    expect((await blogAsAuthor(blogId)).title).toBe('A walk in the hills');
  });

  it.each(routes)('%s needs a token: 401', async (_name, call) => {
    const blogId = await buildBlog(t.app, writer);
    const [mine] = await listOf(blogId);
    const res = await call(blogId, mine!._id, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ErrorMessages.unauthorized, code: 'unauthorized' });
  });

  it.each(routes.filter(([, , list]) => !list))(
    '%s answers 404 for a revision of another blog, even the author’s own, and for an id that is none',
    async (_name, call) => {
      const blogId = await buildBlog(t.app, writer, { title: 'Mine' });
      const otherId = await buildBlog(t.app, writer, { title: 'Another' });
      const [otherRevision] = await listOf(otherId);
      for (const id of [otherRevision!._id, 'not-a-uuid']) {
        const res = await call(blogId, id, writer);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: ErrorMessages.not_found, code: 'not_found' });
      }
      expect((await blogAsAuthor(blogId)).title).toBe('Mine');
      expect(await listOf(blogId)).toHaveLength(1);
    },
  );
});

describe('create-blog with updatedAt: a blog saved since is not overwritten', () => {
  it('saves when updatedAt is the blog’s, in any ISO form, and answers the new one', async () => {
    const blogId = await buildBlog(t.app, writer);
    const { updatedAt } = await blogAsAuthor(blogId);
    const offset = new Date(updatedAt).toISOString().replace('Z', '+00:00');
    const res = await create(publishableBlog({ id: blogId, title: 'Edited', updatedAt: offset }));
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).not.toBe(updatedAt);
    expect((await blogAsAuthor(blogId)).updatedAt).toBe(res.json().updatedAt);
  });

  it('answers 409 for an older updatedAt and changes nothing: no revision, no counters', async () => {
    const blogId = await buildBlog(t.app, writer, { draft: true });
    const opened = await blogAsAuthor(blogId);
    expect(
      (await create(publishableBlog({ id: blogId, title: 'Saved in tab A', draft: true, updatedAt: opened.updatedAt })))
        .statusCode,
    ).toBe(200);
    const before = await blogAsAuthor(blogId);
    const posts = await totalPosts(writer);

    const res = await create(publishableBlog({ id: blogId, title: 'Saved in tab B', updatedAt: opened.updatedAt }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ErrorMessages.blog_changed, code: 'blog_changed' });
    expect(await blogAsAuthor(blogId)).toEqual(before);
    expect(await totalPosts(writer)).toBe(posts);
    expect((await listOf(blogId)).map((r) => r.title)).toEqual(['Saved in tab A', 'A walk in the hills']);
  });

  it('saves without updatedAt, as before it existed', async () => {
    const blogId = await buildBlog(t.app, writer);
    await create(publishableBlog({ id: blogId, title: 'Elsewhere' }));
    const res = await create(publishableBlog({ id: blogId, title: 'Old client' }));
    expect(res.statusCode).toBe(200);
    expect((await blogAsAuthor(blogId)).title).toBe('Old client');
  });

  it('refuses an updatedAt that is no ISO date', async () => {
    const blogId = await buildBlog(t.app, writer);
    const res = await create(publishableBlog({ id: blogId, updatedAt: 'yesterday' }));
    expect(res.statusCode).toBe(400);
  });

  it('lets one of two saves from the same version win, at the same time', async () => {
    const blogId = await buildBlog(t.app, writer);
    const { updatedAt } = await blogAsAuthor(blogId);
    const saves = await Promise.all(
      ['Tab A', 'Tab B'].map((title) => create(publishableBlog({ id: blogId, title, updatedAt }))),
    );
    expect(saves.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = saves.find((res) => res.statusCode === 200)!;
    const list = await listOf(blogId);
    expect(list).toHaveLength(2);
    expect((await blogAsAuthor(blogId)).title).toBe(list[0]!.title);
    expect(list[0]!.savedAt).toBe(winner.json().updatedAt);
  });
});

describe('revisions: thinning', () => {
  it(`keeps the newest ${KEPT_REVISIONS}, and before them the last of each UTC day`, async () => {
    const blogId = await buildBlog(t.app, writer, { title: 'Many saves' });
    const [blog] = await queryRows<{ id: string; author_id: string }>(
      t.app.db,
      sql`select id, author_id from blogs where blog_id = ${blogId}`,
    );
    const save = (savedAt: string, title = savedAt) =>
      t.app.db.transaction((tx) =>
        recordRevision(tx, {
          blogId: blog!.id,
          savedBy: blog!.author_id,
          savedAt: new Date(savedAt),
          draft: true,
          title,
          banner: '',
          des: '',
          tags: [],
          content: { blocks: [] },
        }),
      );
    const days = Array.from({ length: 10 }, (_, i) => `2020-01-${String(i + 1).padStart(2, '0')}`);
    for (const day of days)
      for (const time of ['00:00:00.000', '12:00:00.000', '23:59:59.999']) await save(`${day}T${time}Z`);
    const busyDay = Array.from(
      { length: KEPT_REVISIONS - 1 },
      (_, minute) =>
        `2021-06-01T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000Z`,
    );
    for (const savedAt of busyDay) await save(savedAt);

    const titles = async () => (await listOf(blogId)).map((r) => r.title);
    // The create and the busy day are the newest 100; of the ten days before, their last revisions.
    expect(await titles()).toEqual([
      'Many saves',
      ...[...busyDay].reverse(),
      ...days.map((day) => `${day}T23:59:59.999Z`).reverse(),
    ]);

    // One more pushes the busy day's first out: its day has a later one, so it goes.
    await save('2021-06-02T08:00:00.000Z');
    expect(await titles()).toEqual([
      'Many saves',
      '2021-06-02T08:00:00.000Z',
      ...busyDay.slice(1).reverse(),
      ...days.map((day) => `${day}T23:59:59.999Z`).reverse(),
    ]);
  });
});

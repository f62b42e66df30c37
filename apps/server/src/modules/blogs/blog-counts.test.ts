import { sql } from 'drizzle-orm';
import { Limits } from '@inkwell/contracts';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { counterMismatches } from '../../test/write-ledger.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const apiCount = async (url: string, body: object) =>
  (await post(t.app, url, body)).json<{ totalDocs: number }>().totalDocs;

/** The counts the API answers for the site and for each tag, and those kept per day, beside a scan of what readers may see. */
async function countsAndScans(tags: string[]) {
  const scan = async (where: ReturnType<typeof sql>) =>
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from blogs where draft = false and ${where}`,
      )
    )[0]!.n;
  const answered = { all: await apiCount('/api/blog/all-latest-blogs-count', {}) } as Record<string, number>;
  const scanned = { all: await scan(sql`true`) } as Record<string, number>;
  for (const tag of tags) {
    answered[tag] = await apiCount('/api/blog/search-blogs-count', { tag });
    scanned[tag] = await scan(sql`tags @> array[${tag}]::text[]`);
  }
  const days = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries((await queryRows<{ day: string; n: number }>(t.app.db, query)).map((row) => [row.day, row.n]));
  answered.days = (await days(sql`select day::text, total as n from blog_day_counts where total <> 0`)) as never;
  scanned.days = (await days(
    sql`select (published_at at time zone 'UTC')::date::text as day, count(*)::int as n from blogs where draft = false group by 1`,
  )) as never;
  return { answered, scanned };
}

/** Publishes (or saves) through the API as if at `at`: the server takes the time of publishing from the clock. */
async function at<T>(instant: string, write: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
  try {
    return await write();
  } finally {
    vi.useRealTimers();
  }
}

it('the kept counts and tag listings follow every publish, edit of tags, return to draft and delete', async () => {
  const [a, b, c] = [`a${uniqueId()}`, `b${uniqueId()}`, `c${uniqueId()}`];
  const expectExact = async (expected: Record<string, number>) => {
    const { answered, scanned } = await countsAndScans([a, b, c]);
    expect(answered).toEqual(scanned);
    expect(await counterMismatches(t.app.db)).toEqual([]);
    expect({ a: answered[a], b: answered[b], c: answered[c] }).toEqual(expected);
  };
  const first = await buildBlog(t.app, author, { tags: [a, b] });
  const draft = await buildBlog(t.app, author, { tags: [a], draft: true });
  await expectExact({ a: 1, b: 1, c: 0 });
  await buildBlog(t.app, author, { id: draft, tags: [a, c] });
  await expectExact({ a: 2, b: 1, c: 1 });
  await buildBlog(t.app, author, { id: first, tags: [c] });
  await expectExact({ a: 1, b: 0, c: 2 });
  await buildBlog(t.app, author, { id: first, tags: [c], draft: true });
  await expectExact({ a: 1, b: 0, c: 1 });
  expect((await post(t.app, '/api/blog/delete-blog', { blog_id: draft }, author.token)).statusCode).toBe(200);
  await expectExact({ a: 0, b: 0, c: 0 });
});

it('stay exact when many writers publish and delete at once', async () => {
  const tag = `busy${uniqueId()}`;
  const writers = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.app)));
  const created = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      post(t.app, '/api/blog/create-blog', publishableBlog({ tags: [tag, `other${i % 3}`] }), writers[i % 4]!.token),
    ),
  );
  const ids = created.map((res) => res.json<{ id: string }>().id);
  await Promise.all(
    ids
      .filter((_, i) => i % 3 === 0)
      .map((blog_id, i) => post(t.app, '/api/blog/delete-blog', { blog_id }, writers[(i * 3) % 4]!.token)),
  );
  const { answered, scanned } = await countsAndScans([tag, 'other0', 'other1', 'other2']);
  expect(answered).toEqual(scanned);
  expect(answered[tag]).toBe(16);
  expect(await counterMismatches(t.app.db)).toEqual([]);
  // An author's count is the author's own counter (users.total_posts), by username in any case or by id.
  for (const writer of writers) {
    const [{ id, n }] = (await queryRows<{ id: string; n: number }>(
      t.app.db,
      sql`select u.id, count(b.id) filter (where b.draft = false)::int as n from users u left join blogs b on b.author_id = u.id where u.username = ${writer.username} group by u.id`,
    )) as [{ id: string; n: number }];
    expect(n).toBe(4);
    expect(await apiCount('/api/blog/search-blogs-count', { author: writer.username.toUpperCase() })).toBe(n);
    expect(await apiCount('/api/blog/search-blogs-count', { author: id })).toBe(n);
  }
  expect(await apiCount('/api/blog/search-blogs-count', { author: 'nobody-at-all' })).toBe(0);
  expect(await apiCount('/api/blog/search-blogs-count', {})).toBe(answered.all);
});

it('every page of the latest blogs is the one OFFSET would give, across days, midnights and blogs published at one instant', async () => {
  const writer = await buildUser(t.app);
  const instants = [
    '2024-02-28T23:59:59.999Z',
    '2024-02-29T00:00:00.000Z',
    '2024-02-29T12:00:00.000Z',
    '2024-03-01T00:00:00.000Z',
    '2025-01-01T00:00:00.001Z',
    '2025-12-31T23:59:59.999Z',
  ];
  const created: string[] = [];
  for (const [i, instant] of instants.entries()) {
    // Several blogs at the very same instant: their order is by id, as the index has it.
    for (let n = 0; n < 3 + (i % 4); n++)
      created.push(await at(instant, () => buildBlog(t.app, writer, { tags: ['paging'] })));
  }
  // Unpublished, republished a year later (it keeps its first date), and deleted: each moves a day's count.
  await at('2024-05-05T10:00:00.000Z', () =>
    buildBlog(t.app, writer, { id: created[0], tags: ['paging'], draft: true }),
  );
  await at('2025-05-05T10:00:00.000Z', () => buildBlog(t.app, writer, { id: created[0], tags: ['paging'] }));
  await at('2024-05-05T10:00:00.000Z', () =>
    buildBlog(t.app, writer, { id: created[1], tags: ['paging'], draft: true }),
  );
  expect((await post(t.app, '/api/blog/delete-blog', { blog_id: created[5] }, writer.token)).statusCode).toBe(200);
  await buildBlog(t.app, writer, { draft: true });

  const { answered, scanned } = await countsAndScans([]);
  expect(answered).toEqual(scanned);
  expect(Object.keys(answered.days!)).toEqual(
    expect.arrayContaining(['2024-02-28', '2024-02-29', '2024-03-01', '2025-01-01', '2025-12-31']),
  );
  const offsetPage = async (page: number) =>
    (
      await queryRows<{ blog_id: string }>(
        t.app.db,
        sql`select blog_id from blogs where draft = false order by published_at desc, id desc offset ${(page - 1) * Limits.pageSize} limit ${Limits.pageSize}`,
      )
    ).map((row) => row.blog_id);
  const pages = Math.ceil(answered.all! / Limits.pageSize);
  expect(pages).toBeGreaterThan(2);
  for (let page = 1; page <= pages + 1; page++) {
    const res = await post(t.app, '/api/blog/latest-blogs', { page });
    expect(
      res.json<{ blogs: { blog_id: string }[] }>().blogs.map((blog) => blog.blog_id),
      `page ${page}`,
    ).toEqual(await offsetPage(page));
  }
  expect(await offsetPage(pages + 1)).toEqual([]);
});

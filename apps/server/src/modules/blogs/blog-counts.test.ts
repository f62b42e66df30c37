import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.app);
});
afterAll(() => t.close());

const apiCount = async (url: string, body: object) => (await post(t.app, url, body)).json<{ totalDocs: number }>().totalDocs;

/** The counts the API answers for the site and for each tag, beside a scan of what readers may see. */
async function countsAndScans(tags: string[]) {
  const scan = async (where: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from blogs where draft = false and ${where}`))[0]!.n;
  const answered = { all: await apiCount('/api/blog/all-latest-blogs-count', {}) } as Record<string, number>;
  const scanned = { all: await scan(sql`true`) } as Record<string, number>;
  for (const tag of tags) {
    answered[tag] = await apiCount('/api/blog/search-blogs-count', { tag });
    scanned[tag] = await scan(sql`tags @> array[${tag}]::text[]`);
  }
  return { answered, scanned };
}

it('the kept counts follow every publish, edit of tags, return to draft and delete', async () => {
  const [a, b, c] = [`a${uniqueId()}`, `b${uniqueId()}`, `c${uniqueId()}`];
  const expectExact = async (expected: Record<string, number>) => {
    const { answered, scanned } = await countsAndScans([a, b, c]);
    expect(answered).toEqual(scanned);
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
    Array.from({ length: 24 }, (_, i) => post(t.app, '/api/blog/create-blog', publishableBlog({ tags: [tag, `other${i % 3}`] }), writers[i % 4]!.token)),
  );
  const ids = created.map((res) => res.json<{ id: string }>().id);
  await Promise.all(ids.filter((_, i) => i % 3 === 0).map((blog_id, i) => post(t.app, '/api/blog/delete-blog', { blog_id }, writers[(i * 3) % 4]!.token)));
  const { answered, scanned } = await countsAndScans([tag, 'other0', 'other1', 'other2']);
  expect(answered).toEqual(scanned);
  expect(answered[tag]).toBe(16);
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Comment } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, commentCounts, fetchBlog } from '../../test/conversation.ts';
import { buildBlog, buildUser, post } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // Fifty comments in a moment from a few users is the point here, not the rate limit.
  t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t.close());

it('keeps the counters equal to the rows under 50 parallel comments, replies and deletes of whole subtrees', async () => {
  const author = await buildUser(t.app);
  const [ann, ben] = [await buildUser(t.app), await buildUser(t.app)];
  const blog = await fetchBlog(t.app, await buildBlog(t.app, author), author);

  // Ten threads three deep to reply into and delete from.
  const threads: Comment[][] = [];
  for (let i = 0; i < 10; i++) {
    const root = await buildComment(t.app, ann, blog, { comment: `Root ${i}` });
    const reply = await buildComment(t.app, ben, blog, { comment: `Reply ${i}`, replying_to: root._id });
    const deep = await buildComment(t.app, ann, blog, { comment: `Deep ${i}`, replying_to: reply._id });
    threads.push([root, reply, deep]);
  }

  const add = (i: number) => {
    const [root, reply, deep] = threads[i % 10]!;
    const replyingTo = [undefined, root, reply, deep][i % 4]?._id;
    return post(
      t.app,
      '/api/comment/add-comment',
      { _id: blog._id, comment: `Parallel ${i}`, replying_to: replyingTo },
      (i % 2 ? ann : ben).token,
    );
  };
  // The author deletes whole threads, and replies inside others, while comments land in them.
  const remove = (i: number) =>
    post(t.app, '/api/comment/delete-comment', { _id: threads[i % 10]![i % 3]!._id }, author.token);
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 5 === 0 ? remove(i) : add(i))));

  // A reply whose parent was deleted first is refused; nothing else fails.
  for (const res of results) expect([200, 404], res.body).toContain(res.statusCode);
  expect(results.filter((res) => res.statusCode === 200).length).toBeGreaterThan(30);

  const { counters, rows } = await commentCounts(t.app, blog._id);
  expect(counters).toEqual(rows);
  expect(rows.total).toBeGreaterThan(0);
  // Exactly the comments that still exist have their notification: one each, unless written to oneself.
  const [told] = await queryRows<{ expected: number; actual: number }>(
    t.app.db,
    sql`select
      (select count(*)::int from comments c left join comments p on p.id = c.parent_id
        where c.blog_id = ${blog._id} and c.commented_by <> coalesce(p.commented_by, c.blog_author)) as expected,
      (select count(*)::int from notifications where blog_id = ${blog._id} and type in ('comment', 'reply')) as actual`,
  );
  expect(Number(told!.actual)).toBe(Number(told!.expected));
});

// Only a server runs two transactions at once; PGlite's one connection runs the reply after the deletion.
it.skipIf(!process.env.TEST_DATABASE_URL)(
  'refuses a reply whose comment a deletion took while the reply waited for the blog, storing nothing',
  async () => {
    const author = await buildUser(t.app);
    const reader = await buildUser(t.app);
    const blog = await fetchBlog(t.app, await buildBlog(t.app, author), author);
    const doomed = await buildComment(t.app, reader, blog, { comment: 'Soon gone' });
    let reply: ReturnType<typeof post> | undefined;
    await t.app.db.transaction(async (tx) => {
      // What a deletion holds until it commits (comments.service.ts deleteComment): the blog locked, the comment gone.
      await tx.execute(sql`select 1 from blogs where id = ${blog._id} for update`);
      await tx.execute(sql`delete from comments where id = ${doomed._id}`);
      reply = post(
        t.app,
        '/api/comment/add-comment',
        { _id: blog._id, comment: 'Too late', replying_to: doomed._id },
        author.token,
      );
      await expect
        .poll(async () => (await queryRows(tx, sql`select 1 from pg_locks where not granted`)).length)
        .toBeGreaterThan(0);
    });
    const res = await reply!;
    expect(res.json(), res.body).toMatchObject({ code: 'comment_not_found' });
    expect(res.statusCode).toBe(404);
    const { rows } = await commentCounts(t.app, blog._id);
    expect(rows.total).toBe(0);
  },
);

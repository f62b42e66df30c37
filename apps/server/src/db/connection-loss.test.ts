import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { commentCounts, fetchBlog } from '../test/conversation.ts';
import { buildBlog, buildUser, post, type TestUser } from '../test/factories.ts';
import { queryRows } from './query-rows.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

let t: TestApp;
let closed: Promise<void> | undefined;
beforeAll(async () => {
  // Hundreds of comments in seconds from a few users is the point here, not the rate limit.
  if (serverUrl) t = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
// After a failed close the pool never ends: leave it rather than hang here as well.
afterAll(() => (closed ? undefined : t?.close()));

/** Ends every connection the server holds to its own test database, from an admin connection; other databases on the server are left alone. */
async function terminateServerConnections(admin: pg.Client, database: string): Promise<number> {
  const result = await admin.query(
    'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return result.rowCount ?? 0;
}

it.runIf(serverUrl)(
  'survives PostgreSQL ending its connections while 20 writers comment: clean errors, later writes succeed, counters hold',
  async () => {
    // A connection error nobody listens for is an uncaught exception: in production the process dies.
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    const admin = new pg.Client({ connectionString: serverUrl });
    try {
      await admin.connect();
      const [{ name }] = (await queryRows<{ name: string }>(t.app.db, sql`select current_database() as name`)) as [
        { name: string },
      ];
      const author = await buildUser(t.app);
      const writers: TestUser[] = [];
      for (let i = 0; i < 4; i++) writers.push(await buildUser(t.app));
      const blog = await fetchBlog(t.app, await buildBlog(t.app, author), author);
      const comment = (i: number) =>
        post(
          t.app,
          '/api/comment/add-comment',
          { _id: blog._id, comment: `Comment ${i}` },
          writers[i % writers.length]!.token,
        );

      // Twenty writers comment in a loop while the database ends the server's connections, again and again.
      let writing = true;
      const answers: { statusCode: number; body: string }[] = [];
      const writer = async (w: number) => {
        for (let i = w; writing; i += 20) answers.push(await comment(i));
      };
      const running = Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
      let terminated = 0;
      for (let round = 0; round < 8; round++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        terminated += await terminateServerConnections(admin, name);
      }
      writing = false;
      await running;

      expect(uncaught).toEqual([]);
      expect(terminated).toBeGreaterThan(0);
      const failed = answers.filter((res) => res.statusCode !== 200);
      expect(failed.length).toBeGreaterThan(0);
      for (const res of failed) {
        expect(res.statusCode).toBe(503);
        expect(JSON.parse(res.body)).toEqual({
          error: ErrorMessages.database_unavailable,
          code: 'database_unavailable',
        });
      }

      // Later writes succeed on new connections.
      const later = await Promise.all(Array.from({ length: 20 }, (_, i) => comment(10_000 + i)));
      expect(later.map((res) => res.statusCode)).toEqual(Array(20).fill(200));

      const { counters, rows } = await commentCounts(t.app, blog._id);
      expect(counters).toEqual(rows);
      const succeeded = answers.length - failed.length + later.length;
      // A commit whose answer was lost with its connection may have landed: never fewer rows than successes.
      expect(rows.total).toBeGreaterThanOrEqual(succeeded);
      expect(rows.total).toBeLessThanOrEqual(answers.length + later.length);

      // Shutting down waits for every connection to come back to the pool: none may be lost for good.
      closed = t.close();
      const outcome = await Promise.race([
        closed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(resolve, 15_000, 'still waiting for connections')),
      ]);
      expect(outcome).toBe('closed');
    } finally {
      process.off('uncaughtException', record);
      await admin.end();
    }
  },
);

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommentMessages } from '@inkwell/contracts';
import { bearer, uniqueId } from '../test/factories.ts';
import { openNotificationStream } from '../test/notification-stream-reader.ts';
import { killServers, startServer, type ServerProcess } from '../test/server-process.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { postJson, signUpWriters, type Writers } from '../test/write-load.ts';
import { RATE_LIMITS } from '../plugins/rate-limit-table.ts';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: whatever a user does
 * through one, the other knows at once: each check is made right after the write's answer, but for
 * the counts and new comments anonymous readers see, which may lag COUNTS_LAG_SECONDS (0.2 s here).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let users: Writers;
  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = await Promise.all([
      // Counts and new comments reach anonymous readers within the counts' lag (ADR 13): a short one here.
      startServer({ DATABASE_URL: database.url!, COUNTS_LAG_SECONDS: '0.2' }),
      startServer({ DATABASE_URL: database.url!, COUNTS_LAG_SECONDS: '0.2' }),
    ]);
    users = await signUpWriters(a.url, 4, 1);
  });
  afterAll(async () => {
    await killServers();
    await database?.drop();
  });

  const call = async (server: ServerProcess, path: string, body: unknown, token?: string) => {
    const { status, body: text } = await postJson(server.url, path, body, token);
    return { status, body: JSON.parse(text) };
  };
  const comment = (server: ServerProcess, token: string, text = 'Seen everywhere') =>
    call(server, '/api/comment/add-comment', { _id: users.shared[0]!._id, comment: text }, token);

  it('reads through B what was written through A, even what B had cached for anonymous readers', async () => {
    const [, reader] = users.writers;
    const read = async () =>
      (await call(b, '/api/blog/get-blog', { blog_id: users.shared[0]!.blog_id })).body.blog.activity.total_comments;
    const comments = async () =>
      (await call(b, '/api/comment/get-blog-comments', { blog_id: users.shared[0]!.blog_id })).body;
    for (let round = 1; round <= 5; round++) {
      // Asked twice: the second answer comes from B's cache.
      await read();
      await comments();
      const written = await comment(a, reader!.token, `Round ${round}`);
      expect(written.status).toBe(200);
      // The count and the list each within the lag, not together: one may have been read anew, uncached.
      await vi.waitFor(
        async () => {
          expect(await read(), `round ${round}`).toBe(round);
          expect((await comments())[0]?._id, `round ${round}`).toBe(written.body._id);
        },
        { timeout: 3000 },
      );
    }
  });

  it('tells a notification stream open on B of a comment made through A', async () => {
    const [author, , commenter] = users.writers;
    const stream = await openNotificationStream(b.url, author!.token);
    try {
      expect(stream.status).toBe(200);
      await stream.next(); // the state when it opened
      expect((await comment(a, commenter!.token)).status).toBe(200);
      expect(await stream.next(10_000)).toEqual({ new_notification_available: true });
    } finally {
      stream.close();
    }
  });

  it('counts a rate limit once across both: the comments a user may make in a minute, split between A and B', async () => {
    const [, , , talker] = users.writers;
    const { limit } = RATE_LIMITS.comment;
    for (let i = 0; i < limit; i++)
      expect((await comment(i % 2 ? b : a, talker!.token, `Comment ${i}`)).status).toBe(200);
    for (const server of [a, b]) {
      const refused = await comment(server, talker!.token);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(new RegExp(`^${CommentMessages.tooManyComments}`));
      expect(refused.body.code).toBe('rate_limited');
    }
  });

  it('refuses on B a session signed out through A', async () => {
    const signedUp = await call(a, '/api/user/signup', {
      fullname: 'Leaving Soon',
      email: `leaving.${uniqueId()}@example.com`,
      password: 'Secret123',
    });
    const token = signedUp.body.access_token as string;
    const me = () => fetch(`${b.url}/api/user/me`, { headers: bearer(token) });
    expect((await me()).status).toBe(200);
    expect((await call(a, '/api/user/signout', {}, token)).status).toBe(200);
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'You must be signed in', code: 'unauthorized' });
  });
});

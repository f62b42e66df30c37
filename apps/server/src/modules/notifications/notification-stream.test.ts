import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, type TestUser } from '../../test/factories.ts';
import { openNotificationStream } from '../../test/notification-stream-reader.ts';
import { STREAMS_PER_USER } from './notification-stream.ts';

const HEARTBEAT_SECONDS = 0.2;
const config = () =>
  loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', STREAM_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS) });

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/**
 * An instance of the server listening on a free port. On PostgreSQL each has its own connections
 * (so LISTEN/NOTIFY really crosses between them); in-process PGlite can only be shared.
 */
async function startInstance() {
  const own = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'unused' }) : undefined;
  const app = await buildApp({ config: config(), database: own ?? database });
  if (own) app.addHook('onClose', () => own.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const openStream = (url: string, user: TestUser) => openNotificationStream(url, user.token);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/notification/stream', () => {
  let a: { app: FastifyInstance; url: string };
  let b: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    a = await startInstance();
    b = await startInstance();
  });
  afterAll(async () => {
    await a.app.close();
    await b.app.close();
  });

  it('opens with the current state and the heartbeat, then tells the recipient at once, and only them', async () => {
    const author = await buildUser(a.app);
    const reader = await buildUser(a.app);
    const blog = await fetchBlog(a.app, await buildBlog(a.app, author), author);
    const authorStream = await openStream(a.url, author);
    const readerStream = await openStream(a.url, reader);
    expect(authorStream.status).toBe(200);
    expect(authorStream.contentType).toMatch(/^text\/event-stream/);
    expect(await authorStream.next()).toEqual({
      new_notification_available: false,
      heartbeat_seconds: HEARTBEAT_SECONDS,
    });
    expect(await readerStream.next()).toEqual({
      new_notification_available: false,
      heartbeat_seconds: HEARTBEAT_SECONDS,
    });

    await buildComment(a.app, reader, blog);
    expect(await authorStream.next()).toEqual({ new_notification_available: true });
    await sleep(HEARTBEAT_SECONDS * 3000);
    expect(readerStream.heartbeats()).toBeGreaterThan(0);
    // The reader heard heartbeats only: the next thing they get is the author's reply.
    const [comment] = (await post(a.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id })).json();
    await buildComment(a.app, author, blog, { replying_to: comment._id });
    expect(await readerStream.next()).toEqual({ new_notification_available: true });

    // Reconnecting later starts from the stored state.
    authorStream.close();
    const again = await openStream(a.url, author);
    expect(await again.next()).toMatchObject({ new_notification_available: true });
    again.close();
    readerStream.close();
  });

  it('tells the author of a like at once', async () => {
    const author = await buildUser(a.app);
    const reader = await buildUser(a.app);
    const blog = await fetchBlog(a.app, await buildBlog(a.app, author), author);
    const stream = await openStream(a.url, author);
    expect(await stream.next()).toMatchObject({ new_notification_available: false });
    const liked = await post(a.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader.token);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(await stream.next()).toEqual({ new_notification_available: true });
    stream.close();
  });

  it('fans out through the database: a comment made on one instance reaches a stream held by another', async () => {
    const author = await buildUser(a.app);
    const blog = await fetchBlog(a.app, await buildBlog(a.app, author), author);
    const stream = await openStream(b.url, author);
    await stream.next();
    await buildComment(a.app, await buildUser(a.app), blog);
    expect(await stream.next()).toEqual({ new_notification_available: true });
    stream.close();
  });

  it('tells every follower, wherever their stream is held, when a followed author publishes', async () => {
    const author = await buildUser(a.app);
    const followers = [await buildUser(a.app), await buildUser(a.app)];
    for (const follower of followers)
      await post(a.app, '/api/user/follow', { username: author.username, isFollowing: false }, follower.token);
    const streams = [await openStream(a.url, followers[0]!), await openStream(b.url, followers[1]!)];
    for (const stream of streams) await stream.next();
    await buildBlog(a.app, author);
    for (const stream of streams) {
      expect(await stream.next()).toEqual({ new_notification_available: true });
      stream.close();
    }
  });

  it('ends the stream by the next heartbeat once the session is signed out, and refuses a missing token', async () => {
    const user = await buildUser(a.app);
    const stream = await openStream(a.url, user);
    await stream.next();
    expect((await post(a.app, '/api/user/signout', {}, user.token)).statusCode).toBe(200);
    expect(await stream.next(HEARTBEAT_SECONDS * 5000)).toBeNull();

    const refused = await fetch(`${a.url}/api/notification/stream`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'You must be signed in', code: 'unauthorized' });
  });

  it(`holds at most ${STREAMS_PER_USER} open streams of one user, and takes a new one once one closes`, async () => {
    const user = await buildUser(a.app);
    const other = await buildUser(a.app);
    const open = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openStream(a.url, user)));
    expect(open.map((stream) => stream.status)).toEqual(open.map(() => 200));

    const refused = await fetch(`${a.url}/api/notification/stream`, { headers: bearer(user.token) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(Math.ceil(HEARTBEAT_SECONDS)));
    expect(await refused.json()).toEqual({ error: 'Too many open notification streams', code: 'too_many_streams' });
    // Someone else's streams are their own.
    const theirs = await openStream(a.url, other);
    expect(theirs.status).toBe(200);

    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(a.url, user);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of [...open, theirs]) stream.close();
  });
});

it('closes promptly with streams open, ending them', async () => {
  const instance = await startInstance();
  const user = await buildUser(instance.app);
  const stream = await openStream(instance.url, user);
  await stream.next();
  const started = Date.now();
  await instance.app.close();
  expect(Date.now() - started).toBeLessThan(2000);
  expect(await stream.next()).toBeNull();
});

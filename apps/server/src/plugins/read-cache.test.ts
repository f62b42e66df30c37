import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/query-rows.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../test/factories.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { changed, countChanged, shows } from './cache-tags.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

const getBlog = (blogId: string, token?: string) => post(app, '/api/blog/get-blog', { blog_id: blogId }, token);
/** A change made in SQL behind the app's back: the cache cannot know of it. */
const retitle = (blogId: string, title: string) =>
  app.db.execute(sql`update blogs set title = ${title} where blog_id = ${blogId}`);
const uuidOf = async (blogId: string, on = app) =>
  (await queryRows<{ id: string }>(on.db, sql`select id from blogs where blog_id = ${blogId}`))[0]!.id;

describe('the cache of anonymous reads', () => {
  it('answers a repeated anonymous read with the same bytes without asking the database, until a write through the app', async () => {
    const author = await buildUser(app);
    const reader = await buildUser(app);
    const blogId = await buildBlog(app, author, { title: 'As published' });
    const reads = [
      () => getBlog(blogId),
      () => post(app, '/api/blog/latest-blogs', { page: 1 }),
      () => app.inject({ method: 'GET', url: '/api/blog/trending-blogs' }),
    ];
    const first = await Promise.all(reads.map((read) => read()));
    expect(first.map((res) => res.body.includes('As published'))).toEqual([true, true, true]);

    await retitle(blogId, 'Changed behind its back');
    const again = await Promise.all(reads.map((read) => read()));
    expect(again.map((res) => [res.statusCode, res.headers['content-type'], res.body])).toEqual(
      first.map((res) => [res.statusCode, res.headers['content-type'], res.body]),
    );

    // A signed-in read always reaches the database; so does one with any Authorization header.
    expect((await getBlog(blogId, reader.token)).json().blog.title).toBe('Changed behind its back');
    const badToken = await app.inject({
      method: 'POST',
      url: '/api/blog/get-blog',
      payload: { blog_id: blogId },
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(badToken.json().blog.title).toBe('Changed behind its back');
    expect((await getBlog(blogId)).json().blog.title).toBe('As published');

    // A write empties every answer showing what it changed: here a like, once the counts' lag is over.
    await post(app, '/api/blog/like-blog', { _id: await uuidOf(blogId), isLikedByUser: false }, reader.token);
    await app.readCache.flushCounts();
    const after = await Promise.all(reads.map((read) => read()));
    expect(after.map((res) => res.body.includes('Changed behind its back'))).toEqual([true, true, true]);
  });

  it('keeps none of the 404s of made-up files and calls, so a scanner cannot push pages out', async () => {
    const before = app.readCache.stats();
    for (const url of ['/api/nothing-here', '/uploads/made/up.png', '/assets/missing.js'])
      for (const _ of [1, 2]) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(app.readCache.stats()).toEqual(before);
  });

  it('keys a POST read by its JSON body, whatever the order of its keys', async () => {
    const author = await buildUser(app);
    const blogId = await buildBlog(app, author, { title: 'Keyed by body' });
    const search = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/blog/search-blogs',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const first = await search(`{"author":"${author.username}","page":1}`);
    await retitle(blogId, 'Renamed in SQL');
    expect((await search(`{"page":1,"author":"${author.username}"}`)).body).toBe(first.body);
    expect((await search(`{"page":1,"author":"${author.username}","limit":5}`)).body).toContain('Renamed in SQL');
  });

  it('keeps the cache through a signed-in read sent as POST or a sign-in, which change nothing anyone reads', async () => {
    const author = await buildUser(app);
    const blogId = await buildBlog(app, author, { title: 'Untouched' });
    await getBlog(blogId);
    await retitle(blogId, 'Renamed quietly');
    await post(app, '/api/user/isliked-by-user', { _id: await uuidOf(blogId) }, author.token);
    await post(app, '/notifications', { page: 1, filter: 'all', deletedDocCount: 0 }, author.token);
    await post(app, '/api/user/signin', { email: author.email, password: author.password });
    expect((await getBlog(blogId)).json().blog.title).toBe('Untouched');
    // A refused write changed nothing either.
    expect((await post(app, '/api/blog/create-blog', publishableBlog({ title: '' }), author.token)).statusCode).toBe(
      400,
    );
    expect((await getBlog(blogId)).json().blog.title).toBe('Untouched');
  });

  it('counts a read answered from the cache like any other: once per visitor per day', async () => {
    const author = await buildUser(app);
    const blogId = await buildBlog(app, author);
    const ips = Array.from({ length: 12 }, (_, i) => `198.51.100.${100 + i}`);
    const read = (ip: string) =>
      app.inject({ method: 'POST', url: '/api/blog/get-blog', payload: { blog_id: blogId }, remoteAddress: ip });
    await read(ips[0]!);
    await Promise.all([...ips, ...ips].map(read));
    await app.readCounts.flush();
    expect((await getBlog(blogId)).json().blog.activity.total_reads).toBe(ips.length);
  });
});

interface Case {
  write: string;
  /** Makes what the read and the write need; answers the read and the write. */
  setup(): Promise<{ read(): Promise<LightMyRequestResponse>; act(): Promise<unknown> }>;
  /** What the read shows after the write, given what it showed before. */
  shows(before: LightMyRequestResponse, after: LightMyRequestResponse): void;
}

const ok = async (res: Promise<LightMyRequestResponse>) => {
  const answer = await res;
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  return answer.json();
};

async function commentOn(blogId: string, user: TestUser, replyingTo?: string, on = app) {
  const body = {
    _id: await uuidOf(blogId, on),
    comment: `Said ${uniqueId()}`,
    ...(replyingTo && { replying_to: replyingTo }),
  };
  return (await ok(post(on, '/api/comment/add-comment', body, user.token)))._id as string;
}

const cases: Case[] = [
  {
    write: 'publish',
    async setup() {
      const author = await buildUser(app);
      return {
        read: () => post(app, '/api/blog/latest-blogs', { page: 1 }),
        act: () => buildBlog(app, author, { title: 'Fresh off the press' }),
      };
    },
    shows: (_, after) => expect(after.json().blogs[0].title).toBe('Fresh off the press'),
  },
  {
    write: 'publish (counts)',
    async setup() {
      const author = await buildUser(app);
      return { read: () => post(app, '/api/blog/all-latest-blogs-count', {}), act: () => buildBlog(app, author) };
    },
    shows: (before, after) => expect(after.json().totalDocs).toBe(before.json().totalDocs + 1),
  },
  {
    write: 'edit',
    async setup() {
      const author = await buildUser(app);
      const blogId = await buildBlog(app, author, { title: 'First draft of history' });
      return {
        read: () => getBlog(blogId),
        act: () =>
          ok(post(app, '/api/blog/create-blog', publishableBlog({ id: blogId, title: 'Second draft' }), author.token)),
      };
    },
    shows: (_, after) => expect(after.json().blog.title).toBe('Second draft'),
  },
  {
    write: 'unpublish (saved as a draft)',
    async setup() {
      const author = await buildUser(app);
      const blogId = await buildBlog(app, author);
      return {
        read: () => getBlog(blogId),
        act: () => ok(post(app, '/api/blog/create-blog', publishableBlog({ id: blogId, draft: true }), author.token)),
      };
    },
    shows: (_, after) => expect(after.statusCode).toBe(404),
  },
  {
    write: 'delete',
    async setup() {
      const author = await buildUser(app);
      const blogId = await buildBlog(app, author);
      return {
        read: () => getBlog(blogId),
        act: () => ok(post(app, '/api/blog/delete-blog', { blog_id: blogId }, author.token)),
      };
    },
    shows: (_, after) => expect(after.statusCode).toBe(404),
  },
  {
    write: 'like (a count: within the lag)',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      const blogId = await buildBlog(app, author);
      return {
        read: () => getBlog(blogId),
        act: async () => {
          await ok(post(app, '/api/blog/like-blog', { _id: await uuidOf(blogId), isLikedByUser: false }, reader.token));
          await app.readCache.flushCounts();
        },
      };
    },
    shows: (before, after) =>
      expect(after.json().blog.activity.total_likes).toBe(before.json().blog.activity.total_likes + 1),
  },
  {
    write: 'follow (a count: within the lag)',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      return {
        read: () => post(app, '/api/user/get-profile', { username: author.username }),
        act: async () => {
          await ok(post(app, '/api/user/follow', { username: author.username, isFollowing: false }, reader.token));
          await app.readCache.flushCounts();
        },
      };
    },
    shows: (before, after) =>
      expect(after.json().account_info.total_followers).toBe(before.json().account_info.total_followers + 1),
  },
  {
    write: 'publish (the author’s count of posts)',
    async setup() {
      const author = await buildUser(app);
      await buildBlog(app, author);
      return {
        read: () => post(app, '/api/user/get-profile', { username: author.username }),
        act: () => buildBlog(app, author),
      };
    },
    shows: (before, after) =>
      expect(after.json().account_info.total_posts).toBe(before.json().account_info.total_posts + 1),
  },
  {
    write: 'profile change (the author’s name on their blogs)',
    async setup() {
      const author = await buildUser(app);
      const blogId = await buildBlog(app, author);
      return {
        read: () => getBlog(blogId),
        act: () =>
          ok(post(app, '/api/user/update-profile', { username: `re${author.username}`.slice(0, 20) }, author.token)),
      };
    },
    shows: (before, after) =>
      expect(after.json().blog.author.personal_info.username).not.toBe(
        before.json().blog.author.personal_info.username,
      ),
  },
  {
    write: 'unpublish (the blog’s comments go with it)',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      const blogId = await buildBlog(app, author);
      await commentOn(blogId, reader);
      return {
        read: () => post(app, '/api/comment/get-blog-comments', { blog_id: blogId, skip: 0 }),
        act: () => ok(post(app, '/api/blog/create-blog', publishableBlog({ id: blogId, draft: true }), author.token)),
      };
    },
    shows: (_, after) => expect(after.statusCode).toBe(404),
  },
  {
    write: 'comment (within the lag)',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      const blogId = await buildBlog(app, author);
      return {
        read: () => post(app, '/api/comment/get-blog-comments', { blog_id: blogId, skip: 0 }),
        act: async () => {
          await commentOn(blogId, reader);
          await app.readCache.flushCounts();
        },
      };
    },
    shows: (before, after) => expect(after.json().length).toBe(before.json().length + 1),
  },
  {
    write: 'reply (within the lag)',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      const blogId = await buildBlog(app, author);
      const parent = await commentOn(blogId, reader);
      return {
        read: () => post(app, '/api/comment/get-replies', { _id: parent, skip: 0 }),
        act: async () => {
          await commentOn(blogId, author, parent);
          await app.readCache.flushCounts();
        },
      };
    },
    shows: (before, after) => expect(after.json().replies.length).toBe(before.json().replies.length + 1),
  },
  {
    write: 'comment delete',
    async setup() {
      const [author, reader] = [await buildUser(app), await buildUser(app)];
      const blogId = await buildBlog(app, author);
      const comment = await commentOn(blogId, reader);
      return {
        read: () => post(app, '/api/comment/get-blog-comments', { blog_id: blogId, skip: 0 }),
        act: () => ok(post(app, '/api/comment/delete-comment', { _id: comment }, reader.token)),
      };
    },
    shows: (before, after) => expect(after.json().length).toBe(before.json().length - 1),
  },
  {
    write: 'profile change',
    async setup() {
      const user = await buildUser(app);
      return {
        read: () => post(app, '/api/user/get-profile', { username: user.username }),
        act: () => ok(post(app, '/api/user/update-profile', { username: user.username, bio: 'New here.' }, user.token)),
      };
    },
    shows: (_, after) => expect(after.json().personal_info.bio).toBe('New here.'),
  },
  {
    write: 'username rename (a 404 cached before)',
    async setup() {
      const user = await buildUser(app);
      const name = `renamed${uniqueId()}`.slice(0, 20);
      return {
        read: () => post(app, '/api/user/get-profile', { username: name }),
        act: () => ok(post(app, '/api/user/update-profile', { username: name }, user.token)),
      };
    },
    shows: (before, after) => expect([before.statusCode, after.statusCode]).toEqual([404, 200]),
  },
  {
    write: 'sign-up',
    async setup() {
      const word = `zeb${uniqueId().replace(/\d/g, '')}`;
      return {
        read: () => post(app, '/api/user/search-users', { query: word }),
        act: () => buildUser(app, { fullname: `Zebedee ${word}` }),
      };
    },
    shows: (before, after) => expect(after.json().users.length).toBe(before.json().users.length + 1),
  },
  {
    write: 'reads counted',
    async setup() {
      const author = await buildUser(app);
      const blogId = await buildBlog(app, author);
      return { read: () => getBlog(blogId), act: () => app.readCounts.flush() };
    },
    shows: (before, after) =>
      expect(after.json().blog.activity.total_reads).toBe(before.json().blog.activity.total_reads + 1),
  },
];

describe('every write that changes what a read shows reaches it', () => {
  it.each(cases)('$write', async ({ setup, shows }) => {
    const { read, act } = await setup();
    const before = await read();
    expect((await read()).body).toBe(before.body);
    await act();
    shows(before, await read());
  });
});

describe('a write empties only what it changed', () => {
  /** Two blogs of two authors, each read once (so cached), and a reader; `stillCached` tells whether a read answers what it did. */
  async function twoBlogs() {
    const [first, second, reader] = [await buildUser(app), await buildUser(app), await buildUser(app)];
    const [a, b] = [await buildBlog(app, first), await buildBlog(app, second)];
    await commentOn(b, reader);
    // The counts these moved are sent before the test's own write.
    await app.readCache.flushCounts();
    // Feeds are kept once the second of the last change of the listings is over (conditional-get.ts).
    await app.db.execute(sql`update listing_changes set changed_at = changed_at - interval '2 seconds'`);
    const reads = {
      blogB: () => getBlog(b),
      commentsOfB: () => post(app, '/api/comment/get-blog-comments', { blog_id: b, skip: 0 }),
      profileOfB: () => post(app, '/api/user/get-profile', { username: second.username }),
      feed: () => app.inject({ method: 'GET', url: '/feed.xml' }),
      latest: () => post(app, '/api/blog/latest-blogs', { page: 1 }),
    };
    const before = new Map<string, string>();
    for (const [name, read] of Object.entries(reads)) before.set(name, (await read()).body);
    // Changed behind the cache's back: only an answer read again shows it.
    await app.db.execute(sql`update blogs set title = 'Seen by the database' where blog_id in (${a}, ${b})`);
    await app.db.execute(sql`update users set bio = 'Seen by the database' where username = ${second.username}`);
    await app.db.execute(sql`update comments set comment = 'Seen by the database' where blog_id = ${await uuidOf(b)}`);
    const stillCached = async () => {
      const kept: string[] = [];
      for (const [name, read] of Object.entries(reads)) if ((await read()).body === before.get(name)) kept.push(name);
      return kept.sort();
    };
    return { a, reader, stillCached };
  }

  it('a like, once its count is sent, empties the liked blog and the lists showing it, not another blog, its comments, its author or the feeds', async () => {
    const { a, reader, stillCached } = await twoBlogs();
    const blogA = () => getBlog(a);
    const likesBefore = (await blogA()).json().blog.activity.total_likes;
    await ok(post(app, '/api/blog/like-blog', { _id: await uuidOf(a), isLikedByUser: false }, reader.token));
    // Within the lag, anonymous readers may still see the old count; the liker's own read never does.
    expect((await blogA()).json().blog.activity.total_likes).toBe(likesBefore);
    expect((await getBlog(a, reader.token)).json().blog.activity.total_likes).toBe(likesBefore + 1);
    await app.readCache.flushCounts();
    expect((await blogA()).json().blog.activity.total_likes).toBe(likesBefore + 1);
    // The latest list shows blog A: it goes; the feed shows no counts: it stays.
    expect(await stillCached()).toEqual(['blogB', 'commentsOfB', 'feed', 'profileOfB']);
  });

  it('a comment reaches its blog’s comments within the lag, its writer’s own read at once, and leaves the other blog’s', async () => {
    const { a, reader, stillCached } = await twoBlogs();
    const comments = (token?: string) => post(app, '/api/comment/get-blog-comments', { blog_id: a, skip: 0 }, token);
    expect((await comments()).json()).toHaveLength(0);
    const id = await commentOn(a, reader);
    expect((await comments(reader.token)).json()).toHaveLength(1);
    await app.readCache.flushCounts();
    expect((await comments()).json()).toHaveLength(1);
    expect(await stillCached()).toEqual(['blogB', 'commentsOfB', 'feed', 'profileOfB']);
    // A deletion goes at once.
    await ok(post(app, '/api/comment/delete-comment', { _id: id }, reader.token));
    expect((await comments()).json()).toHaveLength(0);
  });

  it('a like’s count reaches the liked blog within the counts’ lag, the cards showing it beside other pages within the cards’; an edit reaches both at once', async () => {
    const lagging = await buildTestApp({ COUNTS_LAG_SECONDS: '0.1', CARD_COUNTS_LAG_SECONDS: '60' });
    try {
      const [author, reader] = [await buildUser(lagging.app), await buildUser(lagging.app)];
      const [liked, beside] = [
        await buildBlog(lagging.app, author, { tags: ['ink'] }),
        await buildBlog(lagging.app, author, { tags: ['ink'] }),
      ];
      await lagging.app.readCache.flushCounts();
      const likedPage = async () => (await ok(post(lagging.app, '/api/blog/get-blog', { blog_id: liked }))).blog;
      // The similar blogs a blog page shows beside it.
      const similar = async () => {
        const found = await ok(
          post(lagging.app, '/api/blog/search-blogs', { tag: 'ink', eliminate_blog: beside, page: 1, limit: 6 }),
        );
        return found.blogs.find((blog: { blog_id: string }) => blog.blog_id === liked);
      };
      expect((await likedPage()).activity.total_likes).toBe(0);
      expect((await similar()).activity.total_likes).toBe(0);

      await ok(
        post(
          lagging.app,
          '/api/blog/like-blog',
          { _id: await uuidOf(liked, lagging.app), isLikedByUser: false },
          reader.token,
        ),
      );
      await vi.waitFor(async () => expect((await likedPage()).activity.total_likes).toBe(1));
      expect((await similar()).activity.total_likes).toBe(0);

      const edit = publishableBlog({ id: liked, title: 'Edited', tags: ['ink'] });
      await ok(post(lagging.app, '/api/blog/create-blog', edit, author.token));
      expect((await likedPage()).title).toBe('Edited');
      expect(await similar()).toMatchObject({ title: 'Edited', activity: { total_likes: 1 } });
    } finally {
      await lagging.close();
    }
  });

  it('a publish empties every list and feed, and no other blog’s page', async () => {
    const { stillCached } = await twoBlogs();
    await buildBlog(app, await buildUser(app));
    expect(await stillCached()).toEqual(['blogB', 'commentsOfB', 'profileOfB']);
  });

  it('a write that names nothing it changed empties everything', async () => {
    const { reader, stillCached } = await twoBlogs();
    await ok(
      post(
        app,
        '/api/user/change-password',
        { currentPassword: reader.password, newPassword: 'Another1Password' },
        reader.token,
      ),
    );
    expect(await stillCached()).toEqual([]);
  });
});

describe('for a shared cache in front', () => {
  it('names what an anonymous answer shows in Surrogate-Key and Cache-Tag, and how long it may be kept, hit or miss', async () => {
    const author = await buildUser(app);
    const blogId = await buildBlog(app, author);
    const uuid = await uuidOf(blogId);
    const [authorId] = await queryRows<{ id: string }>(
      app.db,
      sql`select id from users where username = ${author.username}`,
    );
    for (const res of [await getBlog(blogId), await getBlog(blogId)]) {
      expect(res.headers['surrogate-key']).toBe(`site blog-${uuid} member-${authorId!.id}`);
      expect(res.headers['cache-tag']).toBe(`site,blog-${uuid},member-${authorId!.id}`);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=0, stale-while-revalidate=30');
    }
    const signedIn = await getBlog(blogId, author.token);
    expect([signedIn.headers['surrogate-key'], signedIn.headers['cache-control']]).toEqual([undefined, undefined]);
    const missing = await getBlog('no-such-blog');
    expect(missing.headers['surrogate-key']).toBe('site listings members');
  });

  it('sends the purge hook exactly the keys each write changed', async () => {
    const purged: string[] = [];
    let answerAfterMs = 0;
    const hook = createServer((request, response) => {
      setTimeout(() => {
        purged.push(`${request.method} ${request.headers['surrogate-key']}`);
        response.end();
      }, answerAfterMs);
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    let closed = false;
    const purging = await buildTestApp({
      CACHE_PURGE_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`,
    });
    try {
      const [author, reader] = [await buildUser(purging.app), await buildUser(purging.app)];
      const blogId = await buildBlog(purging.app, author);
      await purging.app.readCache.flushCounts();
      const ids = await queryRows<{ blog: string; author: string; reader: string }>(
        purging.app.db,
        sql`select b.id as blog, b.author_id as author, (select id from users where username = ${reader.username}) as reader
            from blogs b where b.blog_id = ${blogId}`,
      );
      const { blog, author: authorId, reader: readerId } = ids[0]!;
      // What the setup sent is out of the way.
      await vi.waitFor(() => expect(purged.at(-1)).toBe(`PURGE card-member-${authorId}`));
      const sends = async (write: () => Promise<unknown>, expected: string[]) => {
        purged.length = 0;
        await write();
        await vi.waitFor(() => expect(purged.toSorted()).toEqual(expected.toSorted()));
      };
      const like = () =>
        ok(post(purging.app, '/api/blog/like-blog', { _id: blog, isLikedByUser: false }, reader.token));
      await sends(like, []); // a count: sent within the lag
      // The cards' counts go in a purge of their own (at their own lag).
      await sends(
        () => purging.app.readCache.flushCounts(),
        [`PURGE blog-${blog} trending`, `PURGE card-blog-${blog}`],
      );
      await sends(() => commentOn(blogId, reader, undefined, purging.app), []);
      await sends(
        () => purging.app.readCache.flushCounts(),
        [`PURGE comments-${blog} blog-${blog} trending`, `PURGE card-blog-${blog}`],
      );
      const edit = publishableBlog({ id: blogId, title: 'Edited' });
      await sends(
        () => ok(post(purging.app, '/api/blog/create-blog', edit, author.token)),
        [`PURGE blog-${blog} comments-${blog} member-${authorId} listings card-blog-${blog} card-member-${authorId}`],
      );
      const follow = { username: author.username, isFollowing: false };
      await sends(() => ok(post(purging.app, '/api/user/follow', follow, reader.token)), []);
      await sends(
        () => purging.app.readCache.flushCounts(),
        [`PURGE member-${readerId} member-${authorId}`, `PURGE card-member-${readerId} card-member-${authorId}`],
      );
      // An instance that stops sends the counts it had not sent, and waits for their purge: nobody else would.
      purged.length = 0;
      answerAfterMs = 300;
      await ok(post(purging.app, '/api/blog/like-blog', { _id: blog, isLikedByUser: true }, reader.token));
      const closing = purging.close();
      closed = true;
      await closing;
      expect(purged.toSorted()).toEqual([`PURGE blog-${blog} trending`, `PURGE card-blog-${blog}`]);
    } finally {
      if (!closed) await purging.close();
      hook.close();
    }
  });
});

describe('the cache is bounded in bytes', () => {
  it('evicts the least recently used answers once their bytes pass READ_CACHE_MB', async () => {
    // 16 KiB: about three get-blog answers of 5 KiB each.
    const small = await buildTestApp({ READ_CACHE_MB: String(16 / 1024) });
    try {
      const author = await buildUser(small.app);
      const text = 'Long enough to weigh. '.repeat(200);
      const blogs = [];
      for (let i = 0; i < 4; i++)
        blogs.push(
          await buildBlog(small.app, author, {
            content: [{ time: 1, version: '1', blocks: [{ id: 'p', type: 'paragraph', data: { text } }] }],
          }),
        );
      const read = (blogId: string) => post(small.app, '/api/blog/get-blog', { blog_id: blogId });
      expect((await read(blogs[0]!)).body.length).toBeGreaterThan(4096);
      await read(blogs[1]!);
      for (const blogId of blogs)
        await small.app.db.execute(sql`update blogs set title = 'Seen by the database' where blog_id = ${blogId}`);
      // Both still fit: answered from the cache.
      expect((await read(blogs[0]!)).json().blog.title).not.toBe('Seen by the database');
      expect((await read(blogs[1]!)).json().blog.title).not.toBe('Seen by the database');
      // Two more push the first out; the last two are cached now.
      await read(blogs[2]!);
      await read(blogs[3]!);
      expect((await read(blogs[0]!)).json().blog.title).toBe('Seen by the database');
    } finally {
      await small.close();
    }
  });

  it('READ_CACHE_MB=0 turns it off', async () => {
    const none = await buildTestApp({ READ_CACHE_MB: '0' });
    try {
      const blogId = await buildBlog(none.app, await buildUser(none.app));
      await post(none.app, '/api/blog/get-blog', { blog_id: blogId });
      await none.app.db.execute(sql`update blogs set title = 'Seen at once' where blog_id = ${blogId}`);
      expect((await post(none.app, '/api/blog/get-blog', { blog_id: blogId })).json().blog.title).toBe('Seen at once');
    } finally {
      await none.close();
    }
  });
});

describe('a route opts in with one line', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pages: FastifyInstance;
  let renders = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
    pages = await buildApp({
      config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', READ_FLUSH_SECONDS: '0' }),
      database,
    });
    // Pages and feeds as other modules add them: HTML, streamed, XML, a 404, a private one; the app compresses them on the wire (each over its 1 KB threshold).
    await pages.register(async (scope) => {
      const page = `<!doctype html><html><body>${'<p>A paragraph of prose.</p>'.repeat(100)}</body></html>`;
      scope.get('/test/page', { config: { anonymousCache: true } }, async (_request, reply) => {
        renders++;
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(`${page}<!-- render ${renders} -->`);
      });
      scope.get('/test/streamed', { config: { anonymousCache: true } }, async (_request, reply) => {
        renders++;
        return reply.type('text/html; charset=utf-8').send(Readable.from([page, `<!-- render ${renders} -->`]));
      });
      scope.get('/test/feed.xml', { config: { anonymousCache: true } }, async (_request, reply) => {
        renders++;
        return reply
          .type('application/atom+xml')
          .header('etag', `"feed-${renders}"`)
          .send(`<feed><id>render ${renders}</id>${'<entry><title>An entry</title></entry>'.repeat(40)}</feed>`);
      });
      scope.get('/test/missing', { config: { anonymousCache: true } }, async (_request, reply) => {
        renders++;
        return reply.code(404).type('text/html').send(`<h1>Page not found</h1>${page}<!-- render ${renders} -->`);
      });
      scope.get('/test/tagged', { config: { anonymousCache: true } }, async () => {
        shows('blog-shown');
        return `render ${++renders}`;
      });
      scope.get('/test/slow', { config: { anonymousCache: true } }, async () => {
        shows('blog-slow');
        renders++;
        const render = renders;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return `render ${render}`;
      });
      scope.post<{ Body: { tag: string } }>('/test/counted', { config: { namesItsChanges: true } }, async (request) => {
        countChanged(request.body.tag);
        return 'counted';
      });
      scope.post('/test/write', async () => 'wrote something');
      scope.post<{ Body: { tag: string } }>('/test/named', { config: { namesItsChanges: true } }, async (request) => {
        changed(request.body.tag);
        return 'wrote something named';
      });
      scope.get('/test/private', { config: { anonymousCache: true } }, async (_request, reply) => {
        renders++;
        return reply.header('cache-control', 'private').type('text/plain').send(`render ${renders}`);
      });
    });
    await pages.ready();
  });
  afterAll(async () => {
    await pages.close();
    await database.drop();
  });
  const get = (url: string, headers: Record<string, string> = {}) => pages.inject({ method: 'GET', url, headers });

  it('caches the page once and sends each reader the encoding they take, compressed once for all', async () => {
    const first = await get('/test/page', { 'accept-encoding': 'br' });
    const html = (await promisify(brotliDecompress)(first.rawPayload)).toString();
    expect(first.headers['content-encoding']).toBe('br');
    const keptEncoded = () => pages.readCache.stats().keptEncodedHits;
    const before = keptEncoded();
    // The copy the first reader was sent is kept: the next reader in that encoding gets it.
    const again = await get('/test/page', { 'accept-encoding': 'br' });
    expect(keptEncoded()).toBe(before + 1);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The first reader in another encoding waits for the copy made for every reader after.
    for (let reader = 2; reader <= 3; reader++) {
      const gzipped = await get('/test/page', { 'accept-encoding': 'gzip, deflate' });
      expect(keptEncoded()).toBe(before + reader);
      expect([gzipped.headers['content-encoding'], gzipped.headers.vary]).toEqual(['gzip', 'accept-encoding']);
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.length);
      expect((await promisify(gunzip)(gzipped.rawPayload)).toString()).toBe(html);
    }
    const brotli = await get('/test/page', { 'accept-encoding': 'gzip;q=0.5, br' });
    expect((await promisify(brotliDecompress)(brotli.rawPayload)).toString()).toBe(html);
    const plain = await get('/test/page');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    // A browser asks again each time (max-age=0); a shared cache in front keeps it a while (build-test-app: no lag).
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=5, stale-while-revalidate=30');
    expect(plain.headers['content-security-policy']).toBeDefined();
  });

  it('caches a streamed page, a 404 page and a feed; never a private answer', async () => {
    for (const url of ['/test/streamed', '/test/missing', '/test/feed.xml']) {
      const first = await get(url);
      const again = await get(url, { 'accept-encoding': 'gzip' });
      expect([again.statusCode, (await promisify(gunzip)(again.rawPayload)).toString()], url).toEqual([
        first.statusCode,
        first.body,
      ]);
    }
    expect((await get('/test/missing')).statusCode).toBe(404);
    expect((await get('/test/private')).body).not.toBe((await get('/test/private')).body);
  });

  it('renders an answer once for readers asking for it at once', async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/test/slow')));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(renders - before).toBe(1);
  });

  it('while one reader reads anew an answer whose counts moved, gives the others the one kept; one whose words changed, none', async () => {
    const kept = (await get('/test/slow')).body;
    await pages.inject({ method: 'POST', url: '/test/counted', payload: { tag: 'blog-slow' } });
    await pages.readCache.flushCounts();
    const [first, second] = await Promise.all([get('/test/slow'), get('/test/slow')]);
    expect([first.body === kept, second.body === kept].sort()).toEqual([false, true]);
    const refreshed = first.body === kept ? second.body : first.body;
    expect((await get('/test/slow')).body).toBe(refreshed);

    await pages.inject({ method: 'POST', url: '/test/named', payload: { tag: 'blog-slow' } });
    const after = await Promise.all([get('/test/slow'), get('/test/slow')]);
    expect(after.map((res) => res.body === refreshed)).toEqual([false, false]);
    expect(after[0]!.body).toBe(after[1]!.body);
  });

  it('answers a conditional request for a cached feed with 304 when its ETag matches', async () => {
    const feed = await get('/test/feed.xml');
    const etag = feed.headers.etag as string;
    const unchanged = await get('/test/feed.xml', { 'if-none-match': etag });
    expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).toEqual([304, '', etag]);
    const stale = await get('/test/feed.xml', { 'if-none-match': '"older"' });
    expect([stale.statusCode, stale.body]).toEqual([200, feed.body]);
  });

  it('empties on any write that names nothing it changed, and on one that names a tag the page says it shows', async () => {
    let before = await get('/test/page');
    // A sign-up names what it changed (the members), which this page does not show.
    await buildUser(pages);
    expect((await get('/test/page')).body).toBe(before.body);
    await pages.inject({ method: 'POST', url: '/test/write' });
    expect((await get('/test/page')).body).not.toBe(before.body);

    before = await get('/test/tagged');
    await pages.inject({ method: 'POST', url: '/test/named', payload: { tag: 'blog-other' } });
    expect((await get('/test/tagged')).body).toBe(before.body);
    await pages.inject({ method: 'POST', url: '/test/named', payload: { tag: 'blog-shown' } });
    expect((await get('/test/tagged')).body).not.toBe(before.body);
  });
});

async function appOn(database: Database) {
  const instance = await buildApp({
    config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', READ_FLUSH_SECONDS: '0' }),
    database,
  });
  await instance.ready();
  return instance;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    second = await openDatabase({ databaseUrl: database.url, dataDir: 'unused' });
    [a, b] = [await appOn(database), await appOn(second)];
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await second.close();
    await database.drop();
  });

  it('never serves an old answer from B once A has answered a write', async () => {
    const author = await buildUser(a);
    const blogId = await buildBlog(a, author);
    const titleOnB = async () => (await ok(post(b, '/api/blog/get-blog', { blog_id: blogId }))).blog.title as string;
    for (let round = 0; round < 30; round++) {
      await titleOnB(); // B has it cached
      const title = `Edition ${round}`;
      await ok(post(a, '/api/blog/create-blog', publishableBlog({ id: blogId, title }), author.token));
      expect(await titleOnB(), `round ${round}`).toBe(title);
    }
  });

  it('shows on B the counts A sent, once A sends them, and keeps B’s other answers', async () => {
    const [author, reader] = [await buildUser(a), await buildUser(a)];
    const [liked, other] = [await buildBlog(a, author), await buildBlog(a, author)];
    await a.readCache.flushCounts(); // the author's count of posts
    const likesOnB = async () =>
      (await ok(post(b, '/api/blog/get-blog', { blog_id: liked }))).blog.activity.total_likes as number;
    const otherOnB = () => post(b, '/api/blog/get-blog', { blog_id: other });
    expect(await likesOnB()).toBe(0);
    const otherBefore = (await otherOnB()).body;
    await a.db.execute(sql`update blogs set title = 'Seen by the database' where blog_id = ${other}`);
    await ok(post(a, '/api/blog/like-blog', { _id: await uuidOf(liked, a), isLikedByUser: false }, reader.token));
    await a.readCache.flushCounts();
    expect(await likesOnB()).toBe(1);
    expect((await otherOnB()).body).toBe(otherBefore);
  });

  it('shows on B the counts A had not sent yet when it stopped', async () => {
    const lagging = await buildApp({
      config: loadConfig({
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        READ_FLUSH_SECONDS: '0',
        COUNTS_LAG_SECONDS: '60',
      }),
      database: await openDatabase({ databaseUrl: database.url, dataDir: 'unused' }),
    });
    await lagging.ready();
    const [author, reader] = [await buildUser(a), await buildUser(a)];
    const blogId = await buildBlog(a, author);
    const likesOnB = async () =>
      (await ok(post(b, '/api/blog/get-blog', { blog_id: blogId }))).blog.activity.total_likes as number;
    expect(await likesOnB()).toBe(0); // B has it cached
    await ok(
      post(lagging, '/api/blog/like-blog', { _id: await uuidOf(blogId, a), isLikedByUser: false }, reader.token),
    );
    await lagging.close();
    await lagging.database.close();
    expect(await likesOnB()).toBe(1);
  });

  it('shows on B the site identity an admin changed on A, from the first read after A answered', async () => {
    const admin = await buildUser(a);
    await a.db.execute(sql`update users set role = 'admin' where username = ${admin.username}`);
    const nameOnB = async () => (await b.inject({ method: 'GET', url: '/api/site' })).json<{ name: string }>().name;
    for (const name of ['Quill', 'Ink & Paper', 'Quill']) {
      await nameOnB(); // B has it cached
      await ok(post(a, '/api/admin/site-identity', { name }, admin.token));
      expect(await nameOnB()).toBe(name);
    }
  });

  it('shows on A the reads B counted, and every read once across both', async () => {
    const blogId = await buildBlog(a, await buildUser(a));
    const read = (on: FastifyInstance, ip: string) =>
      on.inject({ method: 'POST', url: '/api/blog/get-blog', payload: { blog_id: blogId }, remoteAddress: ip });
    await read(a, '203.0.113.50');
    await Promise.all(['203.0.113.50', '203.0.113.51', '203.0.113.52'].flatMap((ip) => [read(a, ip), read(b, ip)]));
    await Promise.all([a.readCounts.flush(), b.readCounts.flush()]);
    expect((await ok(read(a, '203.0.113.50'))).blog.activity.total_reads).toBe(3);
  });
});

describe('at shutdown', () => {
  it('counts the reads still waiting when the server closes', async () => {
    const database = await createTestDatabase();
    try {
      const first = await appOn(database);
      const blogId = await buildBlog(first, await buildUser(first));
      await first.inject({
        method: 'POST',
        url: '/api/blog/get-blog',
        payload: { blog_id: blogId },
        remoteAddress: '203.0.113.60',
      });
      await first.close();
      const [row] = await queryRows<{ total_reads: number }>(
        database.db,
        sql`select total_reads from blogs where blog_id = ${blogId}`,
      );
      expect(Number(row!.total_reads)).toBe(1);
    } finally {
      await database.drop();
    }
  });
});

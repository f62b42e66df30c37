import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { commentCounts, fetchBlog } from '../test/conversation.ts';
import { bearer, buildBlog, buildUser, post, uniqueId, type TestUser } from '../test/factories.ts';
import { fixtureImage } from '../test/images.ts';

/**
 * Bursts against every rate-limited endpoint. Forged, truncated, oversized and signed-out tokens
 * are in authorization.test.ts (every signed-in endpoint × every bad credential); password change
 * and reset revoking the other sessions are proved in settings.routes.test.ts and password-reset.test.ts.
 */

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await buildUser(t.app);
});
afterAll(() => t.close());

/** Sends `count` requests at once and tallies their statuses. */
async function burst(count: number, send: (i: number) => Promise<{ statusCode: number }>) {
  const statuses = await Promise.all(Array.from({ length: count }, (_, i) => send(i).then((r) => r.statusCode)));
  const tally: Record<number, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

describe('rate limits under a burst', () => {
  // Every request of a burst is counted exactly once, however many arrive together.
  it('lets exactly 10 sign-in attempts per account through, then 429 even with the right password', async () => {
    const target = await buildUser(t.app);
    const tally = await burst(15, () =>
      post(t.app, '/api/user/signin', { email: target.email, password: 'Wrong1234' }),
    );
    expect(tally).toEqual({ 401: 10, 429: 5 });
    expect((await post(t.app, '/api/user/signin', { email: target.email, password: target.password })).statusCode).toBe(
      429,
    );
  });

  it('lets 5 sign-ups per e-mail an hour through', async () => {
    const email = `burst.${uniqueId()}@example.com`;
    const tally = await burst(8, () =>
      post(t.app, '/api/user/signup', { fullname: 'Burst Signup', email, password: 'Secret123' }),
    );
    // One account is made, four more tries hear that the e-mail is taken, the rest 429.
    expect(tally).toEqual({ 200: 1, 409: 4, 429: 3 });
  });

  it('lets 10 comments a minute per user through, and the blog counts exactly those', async () => {
    const author = await buildUser(t.app);
    const blog = await fetchBlog(t.app, await buildBlog(t.app, author));
    const talker = await buildUser(t.app);
    const tally = await burst(16, (i) =>
      post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: `flood ${i}` }, talker.token),
    );
    expect(tally).toEqual({ 200: 10, 429: 6 });
    const counts = await commentCounts(t.app, blog._id);
    expect(counts.counters).toEqual({ total: 10, parents: 10 });
    expect(counts.rows).toEqual(counts.counters);
  });

  it('lets 30 likes a minute per user through, and the count stays right', async () => {
    const author = await buildUser(t.app);
    const blog = await fetchBlog(t.app, await buildBlog(t.app, author));
    const clicker = await buildUser(t.app);
    const tally = await burst(40, (i) =>
      post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: i % 2 === 1 }, clicker.token),
    );
    expect(tally).toEqual({ 200: 30, 429: 10 });
    const refused = await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, clicker.token);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many likes\. Please try again in (\d+ seconds?|1 minute)\.$/),
      code: 'rate_limited',
    });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const liked = (await post(t.app, '/api/user/isliked-by-user', { _id: blog._id }, clicker.token)).json<{
      result: boolean;
    }>().result;
    await t.app.readCache.flushCounts(); // counts reach anonymous readers within their lag
    expect((await fetchBlog(t.app, blog.blog_id)).activity.total_likes).toBe(liked ? 1 : 0);
  });

  it('lets 30 bookmarks a minute per user through, on a count apart from likes', async () => {
    const author = await buildUser(t.app);
    const blog = await fetchBlog(t.app, await buildBlog(t.app, author));
    const saver = await buildUser(t.app);
    const tally = await burst(35, (i) =>
      post(t.app, '/api/blog/bookmark', { _id: blog._id, isBookmarked: i % 2 === 1 }, saver.token),
    );
    expect(tally).toEqual({ 200: 30, 429: 5 });
    const refused = await post(t.app, '/api/blog/bookmark', { _id: blog._id, isBookmarked: false }, saver.token);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many bookmarks\. Please try again in (\d+ seconds?|1 minute)\.$/),
      code: 'rate_limited',
    });
    expect(
      (await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, saver.token)).statusCode,
    ).toBe(200);
  });

  it('lets 30 follows a minute per user through, and the counters stay right', async () => {
    const author = await buildUser(t.app);
    const fan = await buildUser(t.app);
    const tally = await burst(40, (i) =>
      post(t.app, '/api/user/follow', { username: author.username, isFollowing: i % 2 === 1 }, fan.token),
    );
    expect(tally).toEqual({ 200: 30, 429: 10 });
    const refused = await post(t.app, '/api/user/follow', { username: author.username, isFollowing: false }, fan.token);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many follows\. Please try again in (\d+ seconds?|1 minute)\.$/),
      code: 'rate_limited',
    });
    const following = (await post(t.app, '/api/user/is-following', { username: author.username }, fan.token)).json<{
      result: boolean;
    }>().result;
    const profile = await post(t.app, '/api/user/get-profile', { username: author.username });
    expect(profile.json().account_info.total_followers).toBe(following ? 1 : 0);
  });

  it('lets 60 uploads an hour per user through', async () => {
    const uploader = await buildUser(t.app);
    const boundary = 'burst-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      await fixtureImage('png', 4, 4),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(uploader.token) };
    const tally = await burst(65, () => t.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers }));
    expect(tally).toEqual({ 200: 60, 429: 5 });
  });

  it('stays healthy afterwards', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user/me', headers: bearer(user.token) })).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Comment, Standing } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';
import { counterMismatches } from '../../test/write-ledger.ts';
import { listingChangedAt } from './listing-changes.ts';

let t: TestApp;
let staff: TestUser;
let author: TestUser;
let reader: TestUser;
let blog: Blog;
let comment: Comment;
const word = `zephyrine${uniqueId()}`;
const tag = `tag${uniqueId()}`;

beforeAll(async () => {
  t = await buildTestApp();
  // The first account is the site's owner: the staff member who hides blogs and silences or suspends their authors.
  staff = await buildUser(t.app);
  [author, reader] = [await buildUser(t.app), await buildUser(t.app)];
  // The reader follows the author, so hears of the blog: a new_blog notification.
  await post(t.app, '/api/user/follow', { username: author.username, isFollowing: false }, reader.token);
  // A blog out long enough to gather a like, a save, a comment and a read.
  blog = await fetchBlog(t.app, await buildBlog(t.app, author, { title: `The ${word} notes`, tags: [tag] }), reader);
  await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader.token);
  await post(t.app, '/api/blog/bookmark', { _id: blog._id, isBookmarked: false }, reader.token);
  comment = await buildComment(t.app, reader, blog);
  await t.app.readCounts.flush();
});
afterAll(() => t.close());

const saveAs = async (draft: boolean) =>
  expect(
    (
      await post(
        t.app,
        '/api/blog/create-blog',
        publishableBlog({ id: blog.blog_id, title: `The ${word} notes`, tags: [tag], draft }),
        author.token,
      )
    ).statusCode,
  ).toBe(200);
const ok = async (res: Promise<{ statusCode: number }>) => expect((await res).statusCode).toBe(200);
const hide = (hidden: boolean) =>
  ok(
    post(
      t.app,
      `/api/admin/${hidden ? 'hide' : 'unhide'}-blog`,
      { blog_id: blog.blog_id, reason: 'Spam' },
      staff.token,
    ),
  );
const standing = (to: Standing) =>
  ok(post(t.app, '/api/admin/member/standing', { username: author.username, standing: to, reason: '' }, staff.token));
/** Gives back a suspended author's standing; suspension ended their sessions, so they sign in again. */
const unsuspend = async () => {
  await standing('active');
  const res = await post(t.app, '/api/user/signin', { email: author.email, password: author.password });
  author.token = res.json().access_token;
};
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const profile = async () => {
  const res = await post(t.app, '/api/user/get-profile', { username: author.username });
  return res.statusCode === 200 ? res.json().account_info : res.statusCode;
};

/** Every public way to a blog, each answering what it shows of it: its blog_id appears where the blog does. */
const readingCalls: [string, () => Promise<unknown>][] = [
  ['latest-blogs', async () => (await post(t.app, '/api/blog/latest-blogs', { page: 1 })).body],
  ['all-latest-blogs-count', async () => (await post(t.app, '/api/blog/all-latest-blogs-count', {})).json().totalDocs],
  ['trending-blogs', () => get('/api/blog/trending-blogs')],
  ['search by text', async () => (await post(t.app, '/api/blog/search-blogs', { query: word, page: 1 })).body],
  ['search by tag', async () => (await post(t.app, '/api/blog/search-blogs', { tag, page: 1 })).body],
  [
    'search by author',
    async () => (await post(t.app, '/api/blog/search-blogs', { author: author.username, page: 1 })).body,
  ],
  ['search count', async () => (await post(t.app, '/api/blog/search-blogs-count', { tag })).json().totalDocs],
  [
    'get-blog',
    async () => (await post(t.app, '/api/blog/get-blog', { blog_id: blog.blog_id }, reader.token)).statusCode,
  ],
  [
    'isliked-by-user',
    async () => (await post(t.app, '/api/user/isliked-by-user', { _id: blog._id }, reader.token)).statusCode,
  ],
  [
    'is-bookmarked',
    async () => (await post(t.app, '/api/user/is-bookmarked', { _id: blog._id }, reader.token)).statusCode,
  ],
  ['reader’s reading list', async () => (await post(t.app, '/api/user/reading-list', { page: 1 }, reader.token)).body],
  [
    'reader’s reading list count',
    async () => (await post(t.app, '/api/user/reading-list-count', {}, reader.token)).json().totalDocs,
  ],
  [
    'get-blog-comments',
    async () => (await post(t.app, '/api/comment/get-blog-comments', { blog_id: blog.blog_id, skip: 0 })).statusCode,
  ],
  [
    'get-replies',
    async () => (await post(t.app, '/api/comment/get-replies', { _id: comment._id, skip: 0 })).statusCode,
  ],
  ['site feed', () => get('/feed.json')],
  ['author feed', () => get(`/user/${author.username}/feed.json`)],
  ['tag feed', () => get(`/tag/${tag}/feed.json`)],
  ['sitemap of blogs', () => get('/sitemap-blogs-1.xml')],
  ['sitemap of authors', () => get('/sitemap-authors-1.xml')],
  ['author’s post count', async () => (await profile()).total_posts ?? (await profile())],
  [
    'follower’s notification',
    async () =>
      (await post(t.app, '/api/notification/all-notifications-count', { filter: 'new_blog' }, reader.token)).json()
        .totalDocs,
  ],
  ['blog page', () => status(`/blog/${blog.blog_id}`)],
  ['profile page', () => status(`/user/${author.username}`)],
];

/** When what is listed last changed: the feeds' and sitemaps' Last-Modified (listing-changes.ts). */
const listingStamp = async () => (await listingChangedAt(t.app.db)).changedAt.getTime();

const readAll = async () =>
  Object.fromEntries(await Promise.all(readingCalls.map(async ([name, call]) => [name, await call()])));

/** The calls that list blogs: a withheld blog is in none of them. */
const lists = [
  'latest-blogs',
  'trending-blogs',
  'search by text',
  'search by tag',
  'search by author',
  'site feed',
  'author feed',
  'tag feed',
  'sitemap of blogs',
];
/** The calls about the blog itself, and the reader's own list of saved blogs, which a link still opens. */
const ownWays = ['get-blog', 'isliked-by-user', 'is-bookmarked', 'get-blog-comments', 'get-replies', 'blog page'];

/*
 * Each way a blog is withheld from readers (visibility.ts), undone: while it lasts the blog leaves
 * every list, search, count, feed and sitemap, and the author's count; a blog nobody but its author
 * may read also answers 404 by every way to it, and a suspended author's profile with it. A
 * silenced author's blog still opens from a link. Undoing it gives every surface back exactly.
 */
/** The site reviews members not yet trusted (`on`), and the author is distrusted by hand; or back to a new site's ways. */
const review = async (on: boolean) => {
  await ok(post(t.app, '/api/admin/update-settings', { reviewNewMembers: on }, staff.token));
  const trust = on ? 'untrusted' : 'auto';
  await ok(post(t.app, '/api/admin/member/trust', { username: author.username, trust }, staff.token));
};
const approve = () => ok(post(t.app, '/api/admin/approve-blog', { blog_id: blog.blog_id }, staff.token));

const withholdings: { name: string; withhold: () => Promise<void>; restore: () => Promise<void>; opens: boolean }[] = [
  { name: 'taken back to a draft', withhold: () => saveAs(true), restore: () => saveAs(false), opens: false },
  { name: 'hidden by staff', withhold: () => hide(true), restore: () => hide(false), opens: false },
  {
    name: 'by a suspended author',
    withhold: () => standing('suspended'),
    restore: unsuspend,
    opens: false,
  },
  {
    // Taken back and published again by an author no longer trusted, it waits for a moderator.
    name: 'waiting for review',
    withhold: async () => {
      await saveAs(true);
      await review(true);
      await saveAs(false);
    },
    restore: async () => {
      await approve();
      await review(false);
    },
    opens: false,
  },
  {
    name: 'by a silenced author',
    withhold: () => standing('silenced'),
    restore: () => standing('active'),
    opens: true,
  },
];

describe.each(withholdings)('a blog $name', ({ name, withhold, restore, opens }) => {
  it('leaves every list, count and feed, and comes back to each exactly when undone', async () => {
    const before = await readAll();
    const stampBefore = await listingStamp();
    await withhold();
    const hidden = await readAll();
    const stampHidden = await listingStamp();
    // The feeds' and sitemaps' Last-Modified moves on as the blog leaves them, and as it comes back.
    expect(stampHidden).toBeGreaterThan(stampBefore);
    expect(await counterMismatches(t.app.db)).toEqual([]);
    await restore();
    const shown = await readAll();
    expect(await listingStamp()).toBeGreaterThan(stampHidden);
    // The author's saves are edits: the dates of the blog's last change move with them.
    if (!['taken back to a draft', 'waiting for review'].includes(name)) expect(shown).toEqual(before);
    expect(await counterMismatches(t.app.db)).toEqual([]);

    for (const list of lists) {
      expect(shown[list], list).toContain(blog.blog_id);
      expect(hidden[list], list).not.toContain(blog.blog_id);
    }
    expect([hidden['search count'], shown['search count']]).toEqual([0, 1]);
    expect(hidden['all-latest-blogs-count']).toBe(shown['all-latest-blogs-count'] - 1);
    expect(hidden['sitemap of authors']).not.toContain(author.username);
    const suspended = name === 'by a suspended author';
    expect([hidden['author’s post count'], shown['author’s post count']]).toEqual([suspended ? 404 : 0, 1]);
    expect([hidden['profile page'], shown['profile page']]).toEqual([suspended ? 404 : 200, 200]);
    for (const way of ownWays) expect([hidden[way], shown[way]], way).toEqual(opens ? [200, 200] : [404, 200]);
    expect([hidden['follower’s notification'], shown['follower’s notification']]).toEqual([opens ? 1 : 0, 1]);
    expect([hidden['reader’s reading list count'], shown['reader’s reading list count']]).toEqual([opens ? 1 : 0, 1]);
  });
});

describe('a blog taken back to a draft', () => {
  it('can be neither liked, saved nor commented on while a draft, and its reads are not counted', async () => {
    await saveAs(true);
    const before = await profile();
    expect(
      (await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: true }, reader.token)).statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, '/api/blog/bookmark', { _id: blog._id, isBookmarked: true }, reader.token)).statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, '/api/comment/add-comment', { _id: blog._id, comment: 'Still here?' }, reader.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, '/api/blog/read', { blog_id: blog.blog_id }, (await buildUser(t.app)).token)).statusCode,
    ).toBe(204);
    await t.app.readCounts.flush();
    expect(await profile()).toEqual(before);
    // The author still sees the draft, with what it gathered while it was out.
    const own = await fetchBlog(t.app, blog.blog_id, author);
    expect(own.activity).toMatchObject({ total_likes: 1, total_comments: 1, total_reads: 1 });
  });
});

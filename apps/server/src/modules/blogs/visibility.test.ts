import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, Comment } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildComment, fetchBlog } from '../../test/conversation.ts';
import { buildBlog, buildUser, post, publishableBlog, uniqueId, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let blog: Blog;
let comment: Comment;
const word = `zephyrine${uniqueId()}`;
const tag = `tag${uniqueId()}`;

beforeAll(async () => {
  t = await buildTestApp();
  [author, reader] = [await buildUser(t.app), await buildUser(t.app)];
  // A blog that was out long enough to gather a like, a comment and a read, then went back to a draft.
  blog = await fetchBlog(t.app, await buildBlog(t.app, author, { title: `The ${word} notes`, tags: [tag] }), reader);
  await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader.token);
  await post(t.app, '/api/blog/bookmark', { _id: blog._id, isBookmarked: false }, reader.token);
  comment = await buildComment(t.app, reader, blog);
  await t.app.readCounts.flush();
  await saveAs(true);
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
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;
const profile = async () =>
  (await post(t.app, '/api/user/get-profile', { username: author.username })).json().account_info;

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
  ['author’s post count', async () => (await profile()).total_posts],
];

describe('a blog taken back to a draft', () => {
  it('leaves every reading call, and comes back to each when published again', async () => {
    const hidden = Object.fromEntries(
      await Promise.all(readingCalls.map(async ([name, call]) => [name, await call()])),
    );
    await saveAs(false);
    const shown = Object.fromEntries(await Promise.all(readingCalls.map(async ([name, call]) => [name, await call()])));

    for (const [name] of readingCalls) expect(hidden[name], name).not.toEqual(shown[name]);
    for (const name of [
      'latest-blogs',
      'trending-blogs',
      'search by text',
      'search by tag',
      'search by author',
      'site feed',
      'author feed',
      'tag feed',
      'sitemap of blogs',
      'reader’s reading list',
    ]) {
      expect(shown[name], name).toContain(blog.blog_id);
      expect(hidden[name], name).not.toContain(blog.blog_id);
    }
    expect([hidden['search count'], shown['search count']]).toEqual([0, 1]);
    expect([hidden['reader’s reading list count'], shown['reader’s reading list count']]).toEqual([0, 1]);
    expect([hidden['author’s post count'], shown['author’s post count']]).toEqual([0, 1]);
    expect(hidden['sitemap of authors']).not.toContain(author.username);
    for (const name of ['get-blog', 'isliked-by-user', 'is-bookmarked', 'get-blog-comments', 'get-replies'])
      expect([hidden[name], shown[name]], name).toEqual([404, 200]);
  });

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

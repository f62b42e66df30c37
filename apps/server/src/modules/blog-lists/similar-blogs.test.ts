import { afterAll, beforeAll, expect, it } from 'vitest';
import { Limits } from '@inkwell/contracts';
import { loadingOnce } from '../../db/read-once.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildBlog, buildUser, post, publishableBlog } from '../../test/factories.ts';
import { findBlog } from '../blogs/index.ts';
import { searchBlogsPage } from './blog-lists.service.ts';
import { readBlogPageAhead, similarReadAhead } from './similar-blogs.ts';

let t: TestApp;
let blogId: string;
const similarBody = { tag: 'tea', eliminate_blog: '', limit: Limits.similarBlogs, page: 1 };
beforeAll(async () => {
  t = await buildTestApp();
  const writer = await buildUser(t.app, { fullname: 'Ada “Tea” Lovelace' });
  const reader = await buildUser(t.app);
  // More blogs of its first tag than a page shows beside it, one of them liked; a draft and another tag.
  const others: string[] = [];
  for (let i = 0; i < Limits.similarBlogs + 2; i++)
    others.push(await buildBlog(t.app, writer, { title: `Tea ${i}`, tags: ['tea'] }));
  await buildBlog(t.app, writer, publishableBlog({ title: 'Tea draft', tags: ['tea'], draft: true }));
  await buildBlog(t.app, writer, { title: 'Coffee', tags: ['coffee', 'tea'] });
  blogId = await buildBlog(t.app, writer, { title: 'Green tea', tags: ['tea', 'green'] });
  const { blog } = (await post(t.app, '/api/blog/get-blog', { blog_id: others.at(-1) })).json<{
    blog: { _id: string };
  }>();
  expect(
    (await post(t.app, '/api/blog/like-blog', { _id: blog._id, isLikedByUser: false }, reader.token)).statusCode,
  ).toBe(200);
  similarBody.eliminate_blog = blogId;
});
afterAll(() => t.close());

it("reads a blog page's blog and its similar blogs in one statement, answering as the two reads would", async () => {
  const [expectedBlog, expectedSimilar] = await Promise.all([
    findBlog(t.app.db, blogId),
    searchBlogsPage(t.app.db, similarBody),
  ]);
  expect(expectedSimilar.blogs).toHaveLength(Limits.similarBlogs);
  expect(expectedSimilar.blogs.map((card) => card.title)).not.toContain('Tea draft');
  const ahead = await loadingOnce(async () => {
    readBlogPageAhead(t.app.db, blogId);
    const read = await similarReadAhead({ tag: 'tea', excludeBlogId: blogId }, 0, Limits.similarBlogs);
    return { read, blog: await findBlog(t.app.db, blogId), similar: await searchBlogsPage(t.app.db, similarBody) };
  });
  // Taken from the statement ahead, not read again, and the same to the last field (dates, counts, the author).
  expect(ahead.read).toHaveLength(Limits.similarBlogs);
  expect(ahead.blog).toEqual(expectedBlog);
  expect(ahead.similar).toEqual(expectedSimilar);
});

it('answers any other list, and a blog with no similar blogs, by its own read', async () => {
  await loadingOnce(async () => {
    readBlogPageAhead(t.app.db, blogId);
    // Another tag of the blog, another page, another size: not the list read ahead.
    expect(await similarReadAhead({ tag: 'green', excludeBlogId: blogId }, 0, Limits.similarBlogs)).toBeUndefined();
    expect(await similarReadAhead({ tag: 'tea', excludeBlogId: blogId }, 6, Limits.similarBlogs)).toBeUndefined();
    expect(await similarReadAhead({ tag: 'tea', excludeBlogId: blogId }, 0, 3)).toBeUndefined();
    const { blogs } = await searchBlogsPage(t.app.db, { tag: 'green', eliminate_blog: blogId, limit: 6, page: 1 });
    expect(blogs).toEqual([]);
  });
  // Outside a page's load nothing is read ahead.
  readBlogPageAhead(t.app.db, blogId);
  expect(await similarReadAhead({ tag: 'tea', excludeBlogId: blogId }, 0, Limits.similarBlogs)).toBeUndefined();
});

it('shows on the page the similar blogs search-blogs lists, in its order', async () => {
  const page = await t.app.inject(`/blog/${blogId}`);
  expect(page.statusCode).toBe(200);
  const section = page.body.slice(page.body.indexOf('id="similar-blogs"'));
  const shown = [...new Set([...section.matchAll(/href="\/blog\/([^"]+)"/g)].map((match) => match[1]))];
  const { blogs } = (await post(t.app, '/api/blog/search-blogs', similarBody)).json<{ blogs: { blog_id: string }[] }>();
  expect(shown).toEqual(blogs.map((card) => card.blog_id));
});

import type { APIRequestContext, Page } from '@playwright/test';
import type { Blog, Comment } from '@inkwell/contracts';
import { apiPost, createBlog, type TestUser } from './fixtures.ts';

/** Publishes a blog as `author` and answers it as its page loads it (add-comment takes its `_id`). */
export async function publishedBlog(
  request: APIRequestContext,
  author: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Blog> {
  const blogId = await createBlog(request, author, overrides);
  return (await apiPost<{ blog: Blog }>(request, '/api/blog/get-blog', { blog_id: blogId }, author)).blog;
}

/** Comments (or replies, with `replyingTo`) through the API as `user`. */
export const commentOn = (
  request: APIRequestContext,
  user: TestUser,
  blog: Blog,
  comment: string,
  replyingTo?: string,
) => apiPost<Comment>(request, '/api/comment/add-comment', { _id: blog._id, comment, replying_to: replyingTo }, user);

/** Opens the blog's page and slides its comments panel (a dialog) in; answers the panel. */
export async function openComments(page: Page, blog: Blog) {
  await page.goto(`/blog/${blog.blog_id}`);
  await page.getByRole('button', { name: 'Comments', exact: true }).click();
  return page.getByRole('dialog', { name: 'Comments' });
}

import { createHash, randomBytes } from 'node:crypto';
import { canEditBlog, type Blog } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { findBlog, findBlogForUpdate, presentBlog } from '../blogs/index.ts';
import { deletePreviewLink, findBlogIdByTokenHash, upsertPreviewLink } from './preview-links.repository.ts';

/*
 * A draft's secret preview link, `/preview/<token>`: whoever holds it reads the draft as it will
 * look. 32 random bytes; only their sha256 is stored, so the table gives away no working link.
 * One link a blog: a new one replaces the old, and revoking deletes it.
 */

/** A preview is for whoever holds its link, now: no cache keeps it, no search engine lists it (API and page alike). */
export const PREVIEW_HEADERS = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link to the author's draft (404 for anyone else); answers its token, which is never stored. */
export async function createPreviewLink(db: Db, authorId: string, blogId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const blog = await findBlogForUpdate(tx, blogId);
    if (!blog || !canEditBlog(authorId, blog)) throw notFound('blog_not_found');
    if (!blog.draft) throw badRequest('published_blog_preview');
    await upsertPreviewLink(tx, blog.id, hashOf(token));
  });
  return token;
}

/** The author's blog has no preview link any more (404 for anyone else). */
export async function revokePreviewLink(db: Db, authorId: string, blogId: string) {
  const blog = await findBlog(db, blogId);
  if (!blog || !canEditBlog(authorId, blog)) throw notFound('blog_not_found');
  await deletePreviewLink(db, blog.id);
  return { status: 'done' as const };
}

/** The blog_id of the blog a preview token opens, or undefined. */
export const findPreviewedBlogId = (db: Db, token: string): Promise<string | undefined> =>
  findBlogIdByTokenHash(db, hashOf(token));

/** The blog a preview token opens, as an anonymous reader would see it once published; 404 for a token that opens nothing. */
export async function previewBlog(db: Db, token: string): Promise<{ blog: Blog }> {
  const blogId = await findPreviewedBlogId(db, token);
  const blog = blogId === undefined ? undefined : await findBlog(db, blogId);
  if (!blog) throw notFound('preview_link_invalid');
  return { blog: presentBlog(blog, null) };
}

import { Limits, type UserWrittenBlogsBody, type UserWrittenBlogsCountBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { deleteBlog, type BlogEventHandlers } from '../blogs/index.ts';
import { countAuthorBlogs, listAuthorBlogs } from './author-blogs.repository.ts';
import { presentDashboardBlog } from './dashboard.presenter.ts';

export async function listOwnBlogs(db: Db, authorId: string, body: UserWrittenBlogsBody) {
  // Blogs deleted since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (body.page - 1) * Limits.pageSize - body.deletedDocCount);
  const rows = await listAuthorBlogs(
    db,
    { authorId, draft: body.draft, query: body.query.trim() },
    offset,
    Limits.pageSize,
  );
  return { blogs: rows.map(presentDashboardBlog) };
}

export async function countOwnBlogs(db: Db, authorId: string, body: UserWrittenBlogsCountBody) {
  return { totalDocs: await countAuthorBlogs(db, { authorId, draft: body.draft, query: body.query.trim() }) };
}

/** Only the author deletes a blog (the blogs module's rule, with the author's counters). */
export const deleteOwnBlog = (db: Db, events: BlogEventHandlers, userId: string, blogId: string) =>
  deleteBlog(db, events, userId, blogId);

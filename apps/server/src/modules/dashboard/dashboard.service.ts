import { canDeleteBlog, Limits, type UserWrittenBlogsBody, type UserWrittenBlogsCountBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http-error.ts';
import { presentDashboardBlog } from './dashboard.presenter.ts';
import { countAuthorBlogs, deleteBlogRow, findBlogForDelete, listAuthorBlogs, subtractFromAuthor } from './dashboard.repository.ts';

export async function listOwnBlogs(db: Db, authorId: string, body: UserWrittenBlogsBody) {
  // Blogs deleted since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (body.page - 1) * Limits.pageSize - body.deletedDocCount);
  const rows = await listAuthorBlogs(db, { authorId, draft: body.draft, query: body.query.trim() }, offset, Limits.pageSize);
  return { blogs: rows.map(presentDashboardBlog) };
}

export async function countOwnBlogs(db: Db, authorId: string, body: UserWrittenBlogsCountBody) {
  return { totalDocs: await countAuthorBlogs(db, { authorId, draft: body.draft, query: body.query.trim() }) };
}

/** Only the author deletes a blog; its rows and the author's counters change together. */
export async function deleteOwnBlog(db: Db, userId: string, blogId: string) {
  await db.transaction(async (tx) => {
    const blog = await findBlogForDelete(tx, blogId);
    if (!blog) throw notFound('Blog not found');
    if (!canDeleteBlog(userId, blog)) throw forbidden('You can only delete your own blogs');
    await deleteBlogRow(tx, blog.id);
    await subtractFromAuthor(tx, userId, { posts: blog.draft ? 0 : 1, reads: blog.totalReads });
  });
  return { status: 'done' as const };
}

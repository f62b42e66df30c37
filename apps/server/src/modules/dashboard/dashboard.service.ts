import { Limits, type UserWrittenBlogsBody, type UserWrittenBlogsCountBody } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
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

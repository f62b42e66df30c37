import type { DashboardBlog } from '@inkwell/contracts';
import type { AuthorBlogRow } from './author-blogs.repository.ts';

export function presentDashboardBlog(row: AuthorBlogRow): DashboardBlog {
  return {
    blog_id: row.blogId,
    title: row.title,
    banner: row.banner,
    des: row.des,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
    draft: row.draft,
    hidden_reason: row.hiddenReason,
    awaiting_review: row.awaitingReview,
    publishAt: row.publishAt?.toISOString() ?? null,
    activity: {
      total_likes: row.totalLikes,
      total_comments: row.totalComments,
      total_reads: row.totalReads,
      total_parent_comments: row.totalParentComments,
    },
  };
}

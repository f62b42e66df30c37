import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like-pattern.ts';
import { blogs } from '../../db/schema/index.ts';

export interface AuthorBlogsFilter {
  authorId: string;
  draft: boolean;
  /** Case-insensitive part of the title; empty for every blog. */
  query: string;
}

function authorBlogsWhere({ authorId, draft, query }: AuthorBlogsFilter): SQL {
  const conditions = [eq(blogs.authorId, authorId), eq(blogs.draft, draft)];
  if (query) conditions.push(sql`${blogs.title} ilike ${`%${escapeLike(query)}%`} escape '\\'`);
  return and(...conditions)!;
}

const authorBlogColumns = {
  blogId: blogs.blogId,
  title: blogs.title,
  banner: blogs.banner,
  des: blogs.des,
  publishedAt: blogs.publishedAt,
  updatedAt: blogs.updatedAt,
  draft: blogs.draft,
  hiddenReason: blogs.hiddenReason,
  awaitingReview: blogs.awaitingReview,
  publishAt: blogs.publishAt,
  totalLikes: blogs.totalLikes,
  totalComments: blogs.totalComments,
  totalReads: blogs.totalReads,
  totalParentComments: blogs.totalParentComments,
};
export type AuthorBlogRow = Awaited<ReturnType<typeof listAuthorBlogs>>[number];

/** Newest first: published blogs by publication, drafts by their last edit. */
export async function listAuthorBlogs(db: Executor, filter: AuthorBlogsFilter, offset: number, limit: number) {
  const newest = filter.draft ? desc(blogs.updatedAt) : desc(blogs.publishedAt);
  return db
    .select(authorBlogColumns)
    .from(blogs)
    .where(authorBlogsWhere(filter))
    .orderBy(newest, desc(blogs.id))
    .offset(offset)
    .limit(limit);
}

export async function countAuthorBlogs(db: Executor, filter: AuthorBlogsFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(blogs)
    .where(authorBlogsWhere(filter));
  return Number(row?.total ?? 0);
}

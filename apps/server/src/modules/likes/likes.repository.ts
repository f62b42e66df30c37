import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs, likes } from '../../db/schema/index.ts';
import { readableByReaders } from '../visibility/index.ts';

/** Answers whether a like was added; a like that exists already (even one being added right now) is left alone. */
export async function insertLike(tx: Executor, userId: string, blogId: string): Promise<boolean> {
  const rows = await tx
    .insert(likes)
    .values({ userId, blogId })
    .onConflictDoNothing()
    .returning({ userId: likes.userId });
  return rows.length > 0;
}

export async function deleteLike(tx: Executor, userId: string, blogId: string): Promise<boolean> {
  const rows = await tx
    .delete(likes)
    .where(and(eq(likes.userId, userId), eq(likes.blogId, blogId)))
    .returning({ userId: likes.userId });
  return rows.length > 0;
}

/** Whether the user likes the published blog; undefined when there is no such blog. */
export async function findLiked(db: Executor, userId: string, blogId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({
      liked: sql<boolean>`exists (select 1 from ${likes} where ${likes.userId} = ${userId} and ${likes.blogId} = ${blogs.id})`,
    })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), readableByReaders));
  return row?.liked;
}

/** The blog's count of likes (blogs.total_likes), as it stands in the caller's transaction. */
export async function findLikeCount(db: Executor, blogId: string): Promise<number | undefined> {
  const [row] = await db.select({ totalLikes: blogs.totalLikes }).from(blogs).where(eq(blogs.id, blogId));
  return row?.totalLikes;
}

/** The blogs a member likes that are not their own, in id order (the order a leaving member's likes are taken back in). */
export async function likedBlogsOfOthers(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ blogId: likes.blogId })
    .from(likes)
    .innerJoin(blogs, eq(blogs.id, likes.blogId))
    .where(and(eq(likes.userId, userId), ne(blogs.authorId, userId)))
    .orderBy(asc(likes.blogId));
  return rows.map((row) => row.blogId);
}

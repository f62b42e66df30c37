import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogs, bookmarks, users } from '../../db/schema/index.ts';
import { blogCardColumns, type BlogCardRow } from '../blogs/index.ts';
import { readableByReaders } from '../visibility/index.ts';

/** A bookmark that exists already (even one being added right now) is left alone, keeping when it was first saved. */
export async function insertBookmark(tx: Executor, userId: string, blogId: string): Promise<void> {
  await tx.insert(bookmarks).values({ userId, blogId }).onConflictDoNothing();
}

export async function deleteBookmark(tx: Executor, userId: string, blogId: string): Promise<void> {
  await tx.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.blogId, blogId)));
}

/** Whether the user saved the published blog; undefined when there is no such blog. */
export async function findBookmarked(db: Executor, userId: string, blogId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({
      saved: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.userId} = ${userId} and ${bookmarks.blogId} = ${blogs.id})`,
    })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), readableByReaders));
  return row?.saved;
}

// Only blogs readers may see: one taken back to draft drops out, and comes back if published again.
const savedBy = (userId: string) => and(eq(bookmarks.userId, userId), readableByReaders);

/** One page of the user's saved blogs, newest save first (bookmarks_user_newest_idx), with each blog's `_id`. */
export function listBookmarked(
  db: Executor,
  userId: string,
  offset: number,
  limit: number,
): Promise<(BlogCardRow & { id: string })[]> {
  return db
    .select({ ...blogCardColumns, id: blogs.id })
    .from(bookmarks)
    .innerJoin(blogs, eq(blogs.id, bookmarks.blogId))
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(savedBy(userId))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.blogId))
    .offset(offset)
    .limit(limit);
}

export async function countBookmarked(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookmarks)
    .innerJoin(blogs, eq(blogs.id, bookmarks.blogId))
    .where(savedBy(userId));
  return row?.total ?? 0;
}

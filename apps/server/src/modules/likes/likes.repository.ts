import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, likes } from '../../db/schema/index.ts';
import { blogActivity } from '../blogs/index.ts';
import { likeNotificationRemoval, personalNotification } from '../notifications/index.ts';
import { readableByReaders } from '../visibility/index.ts';

/** The like's change, as its one statement (toggleLike) reports it. */
export interface LikeToggled {
  /** Whether the blog exists and its readers may read it; nothing changed when not. */
  found: boolean;
  /** Whether the reader's like was added or removed: false when it already was as asked. */
  changed: boolean;
  /** The blog's count of likes after the statement. */
  totalLikes: number;
}

/**
 * Adds (`like`) or removes the reader's like of a blog its readers may read, with the blog's count
 * and the author's notification, in one statement: a like that exists already (even one being added
 * right now) is left alone, and so is a removed one. The blog is locked against deletion only, so
 * likes of one blog go on side by side.
 */
export async function toggleLike(db: Executor, userId: string, blogId: string, like: boolean): Promise<LikeToggled> {
  const changed = like
    ? sql`insert into ${likes} (user_id, blog_id) select ${userId}::uuid, id from blog on conflict do nothing returning blog_id`
    : sql`delete from ${likes} using blog where ${likes.userId} = ${userId} and ${likes.blogId} = blog.id returning ${likes.blogId}`;
  const didChange = sql`exists (select 1 from changed)`;
  const notice = personalNotification({ type: 'like', blogId, userId }, sql`blog.author_id`, sql`blog, changed`);
  const [row] = await queryRows<{ found: boolean; changed_total: number | null; total: number | null }>(
    db,
    sql`with blog as (select ${blogs.id}, ${blogs.authorId}, ${blogs.totalLikes} from ${blogs} where ${blogs.id} = ${blogId} and ${readableByReaders} for key share),
      changed as (${changed}),
      counted as (${blogActivity.update(blogId, { likes: like ? 1 : -1 }, didChange)}),
      told as (${like ? notice.insert : likeNotificationRemoval({ blogId, userId }, didChange)})
    select exists (select 1 from blog) as found, (select total_likes from counted) as changed_total,
      (select total_likes from blog) as total${like ? sql`, (${notice.signal(sql`told`)}) as signalled` : sql``}`,
    { named: true },
  );
  return {
    found: row!.found,
    changed: row!.changed_total !== null,
    totalLikes: row!.changed_total ?? row!.total ?? 0,
  };
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

import { CommentMessages, DELETED_MEMBER, isUuid } from '@inkwell/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, comments, users } from '../../db/schema/index.ts';
import { notBlockedBy } from '../blocks/index.ts';
import { readableByReaders } from '../visibility/index.ts';

export type NewComment = typeof comments.$inferInsert;

/** A published blog named by its `_id` or its `blog_id`: a slug is never a uuid, so the two cannot clash. */
export async function findPublishedBlog(db: Executor, idOrBlogId: string) {
  const named = isUuid(idOrBlogId) ? eq(blogs.id, idOrBlogId) : eq(blogs.blogId, idOrBlogId);
  const [row] = await db.select({ id: blogs.id }).from(blogs).where(and(named, readableByReaders));
  return row;
}

export async function findComment(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: comments.id,
      blogId: comments.blogId,
      commentedBy: comments.commentedBy,
      parentId: comments.parentId,
      removedByStaff: sql<boolean>`${comments.removedAt} is not null`,
    })
    .from(comments)
    .where(eq(comments.id, id));
  return row;
}

/** A comment on a published blog (a draft's comments are as invisible as the draft). */
export async function findPublishedComment(db: Executor, id: string) {
  const [row] = await db
    .select({ id: comments.id, blogId: comments.blogId })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .where(and(eq(comments.id, id), readableByReaders));
  return row;
}

export async function insertComment(tx: Executor, values: NewComment) {
  const [row] = await tx.insert(comments).values(values).returning({ id: comments.id, createdAt: comments.createdAt });
  return row!;
}

/** What a list shows of each comment, to `viewerId` (null: anonymous): its replies by members the viewer blocked are left out. */
const commentColumns = (viewerId: string | null) => ({
  id: comments.id,
  comment: comments.comment,
  createdAt: comments.createdAt,
  parentId: comments.parentId,
  blogId: blogs.blogId,
  // Who wrote it and on whose blog: what the policy of deleting it needs.
  commentedBy: comments.commentedBy,
  blogAuthorId: blogs.authorId,
  removedByStaff: sql<boolean>`${comments.removedAt} is not null`,
  fullname: users.fullname,
  username: users.username,
  profileImg: users.profileImg,
  children: sql<string[]>`coalesce((
    select array_agg(child.id::text order by child.created_at, child.id)
    from comments child where child.parent_id = ${comments.id}
      and ${notBlockedBy(viewerId, sql`child.commented_by`)}), '{}')`,
});
export type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

/**
 * Comments with their writer, blog slug and the ids of their direct replies, as `viewerId` sees
 * them (none by a member they blocked): one query per list.
 */
function selectComments(
  db: Executor,
  viewerId: string | null,
  where: SQL | undefined,
  order: SQL[],
  offset: number,
  limit: number,
) {
  return (
    db
      .select(commentColumns(viewerId))
      .from(comments)
      // A writer who deleted their account is none: the comment stays, shown as DELETED_MEMBER.
      .leftJoin(users, eq(users.id, comments.commentedBy))
      .innerJoin(blogs, eq(blogs.id, comments.blogId))
      .where(and(where, notBlockedBy(viewerId, comments.commentedBy)))
      .orderBy(...order)
      .offset(offset)
      .limit(limit)
  );
}

/** Top-level comments of a blog, newest first. */
export const listTopLevelComments = (
  db: Executor,
  viewerId: string | null,
  blogId: string,
  offset: number,
  limit: number,
) =>
  selectComments(
    db,
    viewerId,
    and(eq(comments.blogId, blogId), isNull(comments.parentId)),
    [desc(comments.createdAt), desc(comments.id)],
    offset,
    limit,
  );

/** Direct replies to a comment, oldest first (a conversation reads down). */
export const listReplies = (db: Executor, viewerId: string | null, parentId: string, offset: number, limit: number) =>
  selectComments(
    db,
    viewerId,
    eq(comments.parentId, parentId),
    [asc(comments.createdAt), asc(comments.id)],
    offset,
    limit,
  );

/** The comment and every reply below it, at any depth. */
export async function findSubtree(tx: Executor, id: string) {
  return queryRows<{ id: string; top_level: boolean }>(
    tx,
    sql`with recursive subtree as (
      select id, parent_id from comments where id = ${id}
      union all
      select c.id, c.parent_id from comments c join subtree s on c.parent_id = s.id
    ) select id::text as id, parent_id is null as top_level from subtree`,
  );
}

/** The blogs of others a member commented on, in id order. */
export async function blogsCommentedOnBy(tx: Executor, userId: string): Promise<string[]> {
  const rows = await queryRows<{ blog_id: string }>(
    tx,
    sql`select distinct blog_id::text as blog_id from comments where commented_by = ${userId} and blog_author <> ${userId} order by 1`,
  );
  return rows.map((row) => row.blog_id);
}

/** Every comment of a member on a blog that nobody else replied to at any depth, with their own replies below it, once. */
export async function findThreadsOnlyBy(tx: Executor, blogId: string, userId: string) {
  return queryRows<{ id: string; top_level: boolean }>(
    tx,
    sql`with recursive below as (
      select id as root, id from comments where blog_id = ${blogId} and commented_by = ${userId}
      union all
      select below.root, c.id from comments c join below on c.parent_id = below.id
    ), alone as (
      select below.root from below join comments c on c.id = below.id
      group by below.root having bool_and(c.commented_by is not distinct from ${userId}::uuid)
    )
    select distinct c.id::text as id, c.parent_id is null as top_level
    from below join alone on alone.root = below.root join comments c on c.id = below.id`,
  );
}

/** A leaving member's comments on others' blogs left there stay, anonymised: their words DELETED_MEMBER, their writer none. */
export async function anonymiseComments(tx: Executor, userId: string) {
  await tx
    .update(comments)
    .set({ comment: DELETED_MEMBER, commentedBy: null })
    .where(and(eq(comments.commentedBy, userId), ne(comments.blogAuthor, userId)));
}

export async function deleteComments(tx: Executor, ids: string[]) {
  await tx.delete(comments).where(inArray(comments.id, ids));
}

/**
 * Replaces a comment's words with CommentMessages.removedByStaff, once: every place that quotes it
 * (its thread, notifications) then shows that, and its words live on only where staff see them
 * (its line of the moderation log, the reports' snapshots). Answers the words it had, and whether
 * this call removed them; undefined for no such comment.
 */
export async function removeCommentWords(tx: Executor, id: string, at: Date) {
  const [row] = await tx
    .select({ comment: comments.comment, removedAt: comments.removedAt })
    .from(comments)
    .where(eq(comments.id, id))
    .for('update');
  if (!row) return undefined;
  if (row.removedAt) return { words: row.comment, changed: false };
  await tx.update(comments).set({ comment: CommentMessages.removedByStaff, removedAt: at }).where(eq(comments.id, id));
  return { words: row.comment, changed: true };
}

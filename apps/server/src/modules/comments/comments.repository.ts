import { CommentMessages, DELETED_MEMBER, isUuid } from '@inkwell/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { blogs, comments, users } from '../../db/schema/index.ts';
import { blockStanding, notBlockedBy, type BlockStanding } from '../blocks/index.ts';
import { blogActivity } from '../blogs/index.ts';
import { personalNotification, replyRemembered } from '../notifications/index.ts';
import { readableByReaders } from '../visibility/index.ts';

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

/** What a comment's one statement (insertComment) found, and the comment it stored. */
export interface CommentInserted {
  /** The blog, when it exists and its readers may read it: nothing was stored when not. */
  blog?: { slug: string; authorId: string };
  /** Whether the comment a reply answers is on that blog (true for a top-level comment). */
  parentFound: boolean;
  /** Where the writer stands with the blog's author, and with the writer of the comment a reply answers. */
  withAuthor: BlockStanding;
  withCommenter: BlockStanding;
  /** The comment stored; none when the blog, the comment answered or a block refused it. */
  stored?: { id: string; createdAt: Date };
}

/**
 * Stores `userId`'s comment on a blog its readers may read, or their reply to one of its comments
 * (`parentId`), in one statement with the blog's counts, the notification of the blog's author (of
 * the answered comment's writer, for a reply) and the reply remembered on the replier's own
 * notification of that comment; nothing when the blog or the answered comment is not there, or a
 * block stands between the writer and either's writer. The blog is locked as a deletion of its
 * comments locks it, so its counts stay exact; the answered comment, against its own deletion.
 */
export async function insertComment(
  db: Executor,
  { userId, blogId, parentId, text }: { userId: string; blogId: string; parentId: string | null; text: string },
): Promise<CommentInserted> {
  const parent =
    parentId === null
      ? sql`select null::uuid as id, null::uuid as commented_by where false`
      : sql`select c.id, c.commented_by from ${comments} c join blog on c.blog_id = blog.id where c.id = ${parentId} for key share of c`;
  const stored = sql`exists (select 1 from added)`;
  const notice = personalNotification(
    {
      type: parentId ? 'reply' : 'comment',
      blogId,
      userId,
      commentId: sql`(select id from added)`,
      repliedOnComment: parentId,
    },
    parentId ? sql`parent.commented_by` : sql`blog.author_id`,
    parentId ? sql`parent, added` : sql`blog, added`,
  );
  const [row] = await queryRows<{
    slug: string;
    author_id: string;
    parent_found: boolean;
    with_author: BlockStanding;
    with_commenter: BlockStanding;
    id: string | null;
    created_at: string | null;
  }>(
    db,
    sql`with blog as (select ${blogs.id}, ${blogs.blogId}, ${blogs.authorId} from ${blogs} where ${blogs.id} = ${blogId} and ${readableByReaders} for update),
      parent as (${parent}),
      standing as (select ${blockStanding(userId, sql`blog.author_id`)} as with_author,
        ${blockStanding(userId, sql`parent.commented_by`)} as with_commenter,
        ${parentId}::uuid is null or parent.id is not null as parent_found from blog left join parent on true),
      added as (insert into ${comments} (blog_id, blog_author, commented_by, parent_id, comment)
        select blog.id, blog.author_id, ${userId}, parent.id, ${text} from blog left join parent on true, standing
        where standing.with_author is null and standing.with_commenter is null and standing.parent_found
        returning id, created_at),
      counted as (${blogActivity.update(blogId, { comments: 1, parents: parentId ? 0 : 1 }, stored)}),
      told as (${notice.insert})
      ${parentId ? sql`, remembered as (${replyRemembered({ userId, commentId: parentId }, sql`added.id`, sql`added`)})` : sql``}
    select blog.blog_id as slug, blog.author_id, standing.parent_found, standing.with_author, standing.with_commenter,
      added.id, added.created_at, (${notice.signal(sql`told`)}) as signalled
    from blog cross join standing left join added on true`,
    { named: true },
  );
  if (!row) return { parentFound: false, withAuthor: null, withCommenter: null };
  return {
    blog: { slug: row.slug, authorId: row.author_id },
    parentFound: row.parent_found,
    withAuthor: row.with_author,
    withCommenter: row.with_commenter,
    stored: row.id === null ? undefined : { id: row.id, createdAt: new Date(row.created_at!) },
  };
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

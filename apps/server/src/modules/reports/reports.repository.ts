import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ReportTargetType } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blogs, comments, reports, users } from '../../db/schema/index.ts';
import { notBlockedBy } from '../blocks/index.ts';
import { readableByReaders } from '../visibility/index.ts';

/** A reported blog, comment or member by its row's id. */
export interface TargetRow {
  type: ReportTargetType;
  id: string;
}

const column = { blog: reports.blogId, comment: reports.commentId, user: reports.userId } as const;
/** The one of blog_id, comment_id and user_id a report names: the key of its unique and open indexes. */
const targetKey = sql<string>`coalesce(${reports.blogId}, ${reports.commentId}, ${reports.userId})`;
const open = isNull(reports.resolvedAt);

/** A blog by its blog_id, with whether anyone may read it (blogs/visibility.ts) and what a report keeps of it. */
export async function findBlogToReport(db: Executor, blogId: string) {
  const [row] = await db
    .select({
      id: blogs.id,
      ownerId: blogs.authorId,
      readable: sql<boolean>`${readableByReaders}`,
      snapshot: sql<string>`${blogs.title} || E'\\n' || ${blogs.des}`,
    })
    .from(blogs)
    .where(eq(blogs.blogId, blogId));
  return row;
}

/** A comment as `readerId` reads it: on a blog anyone may read, by nobody they blocked, its words not removed by staff nor its writer gone. */
export async function findCommentToReport(db: Executor, readerId: string, commentId: string) {
  const [row] = await db
    .select({ id: comments.id, ownerId: comments.commentedBy, snapshot: comments.comment })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .where(
      and(
        eq(comments.id, commentId),
        readableByReaders,
        isNull(comments.removedAt),
        isNotNull(comments.commentedBy),
        notBlockedBy(readerId, comments.commentedBy),
      ),
    );
  return row;
}

/** Adds an open report, unless the reporter has one of the target open already (the unique index decides, even between two at once). */
export async function insertReport(tx: Executor, values: typeof reports.$inferInsert): Promise<string | undefined> {
  const [row] = await tx.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  return row?.id;
}

/** Closes every open report of a target; answers how many. */
export async function resolveOpenReports(tx: Executor, target: TargetRow, staffId: string): Promise<number> {
  const rows = await tx
    .update(reports)
    .set({ resolvedAt: sql`now()`, resolvedBy: staffId })
    .where(and(eq(column[target.type], target.id), open))
    .returning({ id: reports.id });
  return rows.length;
}

/** A page of the reported targets, most open reports first, then the one waiting longest. */
export async function listOpenTargets(db: Executor, offset: number, limit: number) {
  const total = sql<number>`count(*)::int`;
  return db
    .select({ blogId: reports.blogId, commentId: reports.commentId, userId: reports.userId, count: total })
    .from(reports)
    .where(open)
    .groupBy(reports.blogId, reports.commentId, reports.userId)
    .orderBy(desc(total), asc(sql`min(${reports.createdAt})`), asc(targetKey))
    .offset(offset)
    .limit(limit);
}

export async function countOpenTargets(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${targetKey})::int` })
    .from(reports)
    .where(open);
  return row?.total ?? 0;
}

/** The open reports of these targets, oldest first, with their reporters' usernames. */
export async function listOpenReportsOf(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({
      id: reports.id,
      key: targetKey,
      reason: reports.reason,
      words: reports.words,
      snapshot: reports.snapshot,
      createdAt: reports.createdAt,
      reporter: users.username,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(open, inArray(targetKey, keys)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

const author = { username: users.username, authorId: users.id, role: users.role };

/** The reported blogs as staff act on them: their blog_id and title, and their authors. */
export function findBlogTargets(db: Executor, ids: string[]) {
  return db
    .select({ id: blogs.id, blogId: blogs.blogId, title: blogs.title, ...author })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(inArray(blogs.id, ids));
}

/** The reported comments as staff act on them: their words now, their blog's blog_id, their writers. */
export function findCommentTargets(db: Executor, ids: string[]) {
  return db
    .select({ id: comments.id, words: comments.comment, blogId: blogs.blogId, ...author })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .innerJoin(users, eq(users.id, comments.commentedBy))
    .where(inArray(comments.id, ids));
}

/** The reported members as staff act on them. */
export function findUserTargets(db: Executor, ids: string[]) {
  return db
    .select({ id: users.id, fullname: users.fullname, ...author })
    .from(users)
    .where(inArray(users.id, ids));
}

/** A blog by its blog_id, a comment by its id, as staff name them: its row's id and what the moderation log calls it. */
export async function findNamedContent(db: Executor, type: 'blog' | 'comment', id: string) {
  const [row] =
    type === 'blog'
      ? await db.select({ id: blogs.id, label: blogs.title }).from(blogs).where(eq(blogs.blogId, id))
      : await db.select({ id: comments.id, label: comments.comment }).from(comments).where(eq(comments.id, id));
  return row;
}

/**
 * A leaving member's comments stay under their replies, their words gone (comments.service.ts
 * anonymiseCommentsBy): the reports of them go first, with the words they kept and the staff's
 * notifications of them. The reports of what else was theirs go with it (foreign keys cascade).
 */
export async function deleteReportsOfCommentsBy(tx: Executor, { userId }: { userId: string }) {
  await tx
    .delete(reports)
    .where(
      inArray(reports.commentId, tx.select({ id: comments.id }).from(comments).where(eq(comments.commentedBy, userId))),
    );
}

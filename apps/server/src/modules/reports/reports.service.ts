import {
  blogPath,
  canActOnMember,
  isUuid,
  Limits,
  profilePath,
  type Actor,
  type DismissReportsBody,
  type ModerationLogEntry,
  type ReportBody,
  type ReportedTarget,
  type ReportReason,
  type ReportResponse,
  type ReportsQueueResponse,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { notifyStaffOfReport } from '../notifications/index.ts';
import { findUserByUsername } from '../users/index.ts';
import {
  countOpenTargets,
  findBlogTargets,
  findBlogToReport,
  findCommentTargets,
  findCommentToReport,
  findNamedContent,
  findUserTargets,
  insertReport,
  listOpenReportsOf,
  listOpenTargets,
  resolveOpenReports,
  type TargetRow,
} from './reports.repository.ts';

/** What a reader may report, found as they read it (the same rules), with what the report keeps of it. */
async function reportable(tx: Executor, readerId: string, target: ReportBody['target']) {
  switch (target.type) {
    case 'blog': {
      const blog = await findBlogToReport(tx, target.blog_id);
      // Its author reads it whatever its state: they are told it is theirs, anyone else who may not read it that it is not there.
      if (!blog || (!blog.readable && blog.ownerId !== readerId)) throw notFound('blog_not_found');
      return { column: { blogId: blog.id }, ...blog };
    }
    case 'comment': {
      const comment = await findCommentToReport(tx, readerId, target.comment_id);
      if (!comment) throw notFound('comment_not_found');
      return { column: { commentId: comment.id }, ...comment };
    }
    case 'user': {
      const user = await findUserByUsername(tx, target.username.trim(), { asSeenByOthers: true });
      if (!user) throw notFound('user_not_found');
      return { column: { userId: user.id }, ownerId: user.id, snapshot: `${user.fullname}\n${user.bio}` };
    }
  }
}

/**
 * A reader reports a blog, a comment or a member to the staff, who are told at once (in the same
 * transaction); the member reported is told nothing, and never who. A reader has one open report
 * of a target at a time.
 */
export async function report(
  db: Db,
  reporterId: string,
  { target, reason, words }: ReportBody,
): Promise<ReportResponse> {
  return db.transaction(async (tx) => {
    const found = await reportable(tx, reporterId, target);
    if (found.ownerId === reporterId) throw badRequest('self_report');
    const reportId = await insertReport(tx, { ...found.column, reporterId, reason, words, snapshot: found.snapshot });
    if (!reportId) throw conflict('already_reported');
    await notifyStaffOfReport(tx, { reportId, reporterId });
    return { status: 'reported' };
  });
}

/**
 * Closes every open report of a target, as a staff action on it does in its transaction (staff
 * dismissing the reports, hiding the blog, deleting the comment, silencing or suspending the member).
 * Answers how many were open.
 */
export const resolveReports = (tx: Executor, target: TargetRow, staffId: string) =>
  resolveOpenReports(tx, target, staffId);

/** A comment's words as the queue shows them: enough to know it by. */
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** Each reported target of a page, as staff see it and may act on it, by its row's id. */
async function describeTargets(db: Executor, actor: Actor, rows: TargetRow[]) {
  const ids = (type: TargetRow['type']) => rows.filter((row) => row.type === type).map((row) => row.id);
  const [blogRows, commentRows, userRows] = await Promise.all([
    ids('blog').length ? findBlogTargets(db, ids('blog')) : [],
    ids('comment').length ? findCommentTargets(db, ids('comment')) : [],
    ids('user').length ? findUserTargets(db, ids('user')) : [],
  ]);
  const can = (author: { authorId: string; role: Actor['role'] }) => ({
    act: canActOnMember(actor, { id: author.authorId, role: author.role }),
  });
  const described = new Map<string, ReportedTarget>();
  for (const row of blogRows)
    described.set(row.id, {
      type: 'blog',
      id: row.blogId,
      label: row.title,
      link: blogPath(row.blogId),
      author: row.username,
      can: can(row),
    });
  for (const row of commentRows)
    described.set(row.id, {
      type: 'comment',
      id: row.id,
      label: clip(row.words),
      link: blogPath(row.blogId),
      author: row.username,
      can: can(row),
    });
  for (const row of userRows)
    described.set(row.id, {
      type: 'user',
      id: row.username,
      label: row.fullname,
      link: profilePath(row.username),
      author: row.username,
      can: can(row),
    });
  return described;
}

/** A page of the open reports for staff, grouped by target: most reported first, then the longest waiting. */
export async function reportsQueue(db: Db, actor: Actor, page: number): Promise<ReportsQueueResponse> {
  const [targets, totalDocs] = await Promise.all([
    listOpenTargets(db, (page - 1) * Limits.staffPageSize, Limits.staffPageSize),
    countOpenTargets(db),
  ]);
  const rows: TargetRow[] = targets.map((t) =>
    t.blogId
      ? { type: 'blog', id: t.blogId }
      : t.commentId
        ? { type: 'comment', id: t.commentId }
        : { type: 'user', id: t.userId! },
  );
  const [described, reports] = await Promise.all([
    describeTargets(db, actor, rows),
    listOpenReportsOf(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return {
    groups: rows.flatMap((row, i) => {
      const target = described.get(row.id);
      // Gone between the two reads (a report goes with its target): left out of this page.
      if (!target) return [];
      return [
        {
          target,
          count: targets[i]!.count,
          reports: reports
            .filter((r) => r.key === row.id)
            .map((r) => ({
              _id: r.id,
              reason: r.reason as ReportReason,
              words: r.words,
              snapshot: r.snapshot,
              reporter: r.reporter,
              createdAt: r.createdAt.toISOString(),
            })),
        },
      ];
    }),
    totalDocs,
  };
}

/**
 * The target a staff call names as the queue does (a blog by its blog_id, a comment by its id, a
 * member by their username): its row, and how the moderation log names it. Undefined for none.
 */
export async function findReportedTarget(
  db: Executor,
  { type, id }: DismissReportsBody['target'],
): Promise<{ row: TargetRow; logTarget: ModerationLogEntry['target'] } | undefined> {
  if (type === 'user') {
    const user = await findUserByUsername(db, id);
    return user && { row: { type, id: user.id }, logTarget: { type, id: user.id, label: user.username } };
  }
  if (type === 'comment' && !isUuid(id)) return undefined;
  const content = await findNamedContent(db, type, id);
  return content && { row: { type, id: content.id }, logTarget: { type, id, label: content.label } };
}

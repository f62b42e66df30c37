import {
  canActOnMember,
  type DismissReportsBody,
  type DismissReportsResponse,
  type HideBlogBody,
  type HideBlogResponse,
  type ReviewBlogBody,
  type ReviewBlogResponse,
  type ReviewQueueBody,
  type ReviewQueueResponse,
  REVIEW_QUEUE_PAGE,
  type StaffDeleteCommentBody,
  type StaffDeleteCommentResponse,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { presentBlog, staffBlogActions, type BlogEventHandlers } from '../blogs/index.ts';
import { removeCommentWords } from '../comments/index.ts';
import { findReportedTarget, resolveReports } from '../reports/index.ts';
import { findBlogAuthor, findCommentWriter } from './members.repository.ts';
import { logAndTell, writeLogLine } from './moderation-log.ts';

/*
 * Staff acting on what members wrote, and on the reports of it. Whom a staff member may act on is
 * the rule of members (policies.ts canActOnMember): a moderator hides no staff member's blog, nor
 * anyone their own. Acting on a target closes its open reports, in the same transaction.
 */

/** Hides a blog from readers (`hidden`), or gives it back; a change is logged with its reason. */
export async function setHidden(
  db: Db,
  events: BlogEventHandlers,
  actor: SessionUser,
  { blog_id, reason }: HideBlogBody,
  hidden: boolean,
): Promise<HideBlogResponse> {
  return db.transaction(async (tx) => {
    const author = await findBlogAuthor(tx, blog_id);
    if (!author) throw notFound('blog_not_found');
    if (!canActOnMember(actor, author)) throw forbidden('content_action_forbidden');
    const result = await staffBlogActions.setHidden(tx, events, blog_id, hidden ? reason : null, new Date());
    if (!result) throw notFound('blog_not_found');
    if (hidden) await resolveReports(tx, { type: 'blog', id: result.blog.id }, actor.id);
    if (result.changed)
      await logAndTell(tx, actor, author.id, {
        action: hidden ? 'blog_hide' : 'blog_unhide',
        target: { type: 'blog', id: blog_id, label: result.blog.title },
        detail: hidden ? 'shown → hidden' : 'hidden → shown',
        reason,
      });
    return { blog_id, hidden };
  });
}

/** A page of the blogs waiting for review, whole, as staff read them before deciding. */
export async function reviewQueue(db: Db, actor: SessionUser, { page }: ReviewQueueBody): Promise<ReviewQueueResponse> {
  const found = await staffBlogActions.listAwaitingReview(db, (page - 1) * REVIEW_QUEUE_PAGE, REVIEW_QUEUE_PAGE);
  return { blogs: found.blogs.map((blog) => presentBlog(blog, actor.id)), totalDocs: found.totalDocs };
}

/**
 * Approves a blog waiting for review (it is published now) or rejects it (its author's draft
 * again); the author is told, with the reason. Whom a moderator may decide for is the rule of
 * members: not staff, who are trusted anyway.
 */
export async function decideReview(
  db: Db,
  events: BlogEventHandlers,
  actor: SessionUser,
  { blog_id, reason }: ReviewBlogBody,
  approved: boolean,
): Promise<ReviewBlogResponse> {
  return db.transaction(async (tx) => {
    const author = await findBlogAuthor(tx, blog_id);
    if (!author) throw notFound('blog_not_found');
    if (!canActOnMember(actor, author)) throw forbidden('content_action_forbidden');
    const blog = await staffBlogActions.decideReview(tx, events, blog_id, approved, new Date());
    if (!blog) throw conflict('blog_not_awaiting_review');
    await logAndTell(tx, actor, author.id, {
      action: approved ? 'blog_approve' : 'blog_reject',
      target: { type: 'blog', id: blog_id, label: blog.title },
      detail: approved ? 'waiting → published' : 'waiting → draft',
      reason,
    });
    return { blog_id, approved };
  });
}

/**
 * Deletes a comment's words for good, keeping its place in the thread (its replies stay, the
 * counters do not move); its writer is told why. Deleting it again changes nothing.
 */
export async function deleteCommentAsStaff(
  db: Db,
  actor: SessionUser,
  { comment_id, reason }: StaffDeleteCommentBody,
): Promise<StaffDeleteCommentResponse> {
  return db.transaction(async (tx) => {
    const writer = await findCommentWriter(tx, comment_id);
    if (!writer) throw notFound('comment_not_found');
    if (!canActOnMember(actor, writer)) throw forbidden('content_action_forbidden');
    const result = await removeCommentWords(tx, comment_id, new Date());
    // Deleted with its thread meanwhile.
    if (!result) throw notFound('comment_not_found');
    await resolveReports(tx, { type: 'comment', id: comment_id }, actor.id);
    if (result.changed)
      await logAndTell(tx, actor, writer.id, {
        action: 'comment_delete',
        target: { type: 'comment', id: comment_id, label: result.words },
        detail: 'shown → deleted',
        reason,
      });
    return { comment_id, removed: true };
  });
}

/** Closes a target's open reports without acting on it: logged (with how many), nobody told. */
export async function dismissReports(
  db: Db,
  actor: SessionUser,
  { target, reason }: DismissReportsBody,
): Promise<DismissReportsResponse> {
  return db.transaction(async (tx) => {
    const found = await findReportedTarget(tx, target);
    if (!found)
      throw notFound(
        target.type === 'blog' ? 'blog_not_found' : target.type === 'comment' ? 'comment_not_found' : 'user_not_found',
      );
    const dismissed = await resolveReports(tx, found.row, actor.id);
    if (dismissed > 0)
      await writeLogLine(tx, actor, {
        action: 'reports_dismiss',
        target: found.logTarget,
        detail: `${dismissed} open → dismissed`,
        reason,
      });
    return { dismissed };
  });
}

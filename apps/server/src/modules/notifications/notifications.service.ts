import { sql } from 'drizzle-orm';
import { Limits, type NotificationsBody, type NotificationsCountBody } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { noBlockBetween } from '../blocks/index.ts';
import { followersOf } from '../follows/index.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  clearReplies,
  countNotifications,
  deleteLikeNotification,
  hasUnseenNotification,
  insertNotificationsFor,
  listNotifications,
  markSeen,
  setReply,
  staffBut,
  type NotificationOf,
} from './notifications.repository.ts';

/** Channel of the LISTEN/NOTIFY fan-out; the payload is the id of the user to tell. */
export const NOTIFICATION_CHANNEL = 'inkwell_notifications';

/** A notification to one member about another's doing. */
type PersonalNotification = NotificationOf & { notificationFor: string };

/**
 * Stores a notification in the acting transaction and tells the recipient's open streams; nobody is
 * told about their own doing, nor of a member with a block between them. One statement, not three
 * (the block asked, the row, the signal): it is part of every like, comment and reply.
 */
async function notify(tx: Executor, { notificationFor, ...values }: PersonalNotification) {
  if (notificationFor === values.userId) return;
  await insertNotificationsFor(
    tx,
    NOTIFICATION_CHANNEL,
    values,
    sql`select ${notificationFor}::uuid where ${noBlockBetween(notificationFor, values.userId)}`,
  );
}

interface LikeNotification {
  blogId: string;
  /** The blog's author, who is told. */
  authorId: string;
  /** The reader who liked. */
  userId: string;
}

/** Called inside the like's transaction; nobody is told about liking their own blog. */
export async function notifyLike(tx: Executor, { blogId, authorId, userId }: LikeNotification) {
  await notify(tx, { type: 'like', blogId, notificationFor: authorId, userId });
}

export async function removeLikeNotification(tx: Executor, { blogId, userId }: Omit<LikeNotification, 'authorId'>) {
  await deleteLikeNotification(tx, blogId, userId);
}

interface CommentNotification {
  blogId: string;
  /** Who wrote the new comment. */
  userId: string;
  commentId: string;
}

/** Called inside the comment's transaction: the blog's author hears of a new top-level comment. */
export async function notifyComment(
  tx: Executor,
  { authorId, ...comment }: CommentNotification & { authorId: string },
) {
  await notify(tx, { type: 'comment', notificationFor: authorId, ...comment });
}

/**
 * Called inside the reply's transaction: the parent comment's writer hears of the reply (nobody,
 * when they have deleted their account), and the replier's own notification about the parent (if
 * any) remembers this reply.
 */
export async function notifyReply(
  tx: Executor,
  reply: CommentNotification & { parentId: string; parentWriterId: string | null },
) {
  const { blogId, userId, commentId, parentId, parentWriterId } = reply;
  if (parentWriterId)
    await notify(tx, {
      type: 'reply',
      blogId,
      notificationFor: parentWriterId,
      userId,
      commentId,
      repliedOnComment: parentId,
    });
  await setReply(tx, { userId, commentId: parentId, replyId: commentId });
}

/** A blog event's handler, in the transaction that first publishes a blog: every follower of its author hears of it. */
export async function notifyFollowers(tx: Executor, { id: blogId, authorId }: { id: string; authorId: string }) {
  await insertNotificationsFor(
    tx,
    NOTIFICATION_CHANNEL,
    { type: 'new_blog', blogId, userId: authorId },
    followersOf(authorId),
  );
}

/** Called inside a report's transaction: every active staff member but the reporter hears of it. */
export async function notifyStaffOfReport(
  tx: Executor,
  { reportId, reporterId }: { reportId: string; reporterId: string },
) {
  await insertNotificationsFor(
    tx,
    NOTIFICATION_CHANNEL,
    { type: 'report', reportId, userId: reporterId },
    staffBut(reporterId),
  );
}

/**
 * Called inside a staff action's transaction, after its line of the moderation log: the member it
 * concerns is told what and why. It names no staff member (the site's staff act as one), so it is
 * stored as the member's own doing, which no block between members hides.
 */
export async function notifyOfStaffAction(
  tx: Executor,
  { memberId, logLineId }: { memberId: string; logLineId: string },
) {
  await insertNotificationsFor(
    tx,
    NOTIFICATION_CHANNEL,
    { type: 'moderation', moderationLogId: logLineId, userId: memberId },
    sql`select ${memberId}::uuid`,
  );
}

/**
 * Called inside a comment deletion before the rows go: notifications about the deleted comments
 * go with them (foreign keys cascade), but one that a deleted reply merely answered stays.
 */
export async function forgetDeletedComments(tx: Executor, commentIds: string[]) {
  await clearReplies(tx, commentIds);
}

/** One page of the user's notifications, as they stood; listing them marks them seen. */
export async function listOwnNotifications(
  db: Db,
  userId: string,
  { page, filter, deletedDocCount }: NotificationsBody,
) {
  // Entries deleted since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (page - 1) * Limits.notificationsPageSize - deletedDocCount);
  const rows = await listNotifications(db, userId, filter, offset, Limits.notificationsPageSize);
  await markSeen(
    db,
    rows.filter((row) => !row.seen).map((row) => row.id),
  );
  return { notifications: rows.map((row) => presentNotification(row, userId)) };
}

export async function countOwnNotifications(db: Db, userId: string, { filter }: NotificationsCountBody) {
  return { totalDocs: await countNotifications(db, userId, filter) };
}

/** Whether the user has a notification not yet listed; sign-in answers it as new_notification_available. */
export const hasNewNotification = (db: Executor, userId: string): Promise<boolean> => hasUnseenNotification(db, userId);

export async function newNotificationAvailable(db: Executor, userId: string) {
  return { new_notification_available: await hasNewNotification(db, userId) };
}

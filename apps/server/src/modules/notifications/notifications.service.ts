import { sql, type SQL } from 'drizzle-orm';
import { Limits, type NotificationsBody, type NotificationsCountBody } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { noBlockBetween } from '../blocks/index.ts';
import { followersOf } from '../follows/index.ts';
import { presentNotification } from './notifications.presenter.ts';
import {
  clearReplies,
  countNotifications,
  hasUnseenNotification,
  insertNotificationsFor,
  likeNotificationDelete,
  listNotifications,
  markSeen,
  notificationsInsert,
  setReply,
  signalTo,
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
 * (the block asked, the row, the signal): it is part of every comment and reply, and a like's
 * statement holds the same three (likeNotification).
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

/**
 * A like's notification and its signal, as parts of the like's own statement (likes.repository):
 * the liked blog's author, `author` (a column of `from`, which holds a row only when the like was
 * added), hears of the reader's like; as notify tells, not of liking their own blog, nor across a block.
 */
export function likeNotification({ blogId, userId }: { blogId: string; userId: string }, author: SQL, from: SQL) {
  return {
    insert: notificationsInsert(
      { type: 'like', blogId, userId },
      sql`select ${author} from ${from} where ${author} <> ${userId}::uuid and ${noBlockBetween(author, userId)}`,
    ),
    signal: (told: SQL) => signalTo(NOTIFICATION_CHANNEL, told),
  };
}

/** The removal of a like's notification, as a part of the unlike's own statement, when `when` holds (the like was removed). */
export const likeNotificationRemoval = ({ blogId, userId }: { blogId: string; userId: string }, when: SQL) =>
  likeNotificationDelete(blogId, userId, when);

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

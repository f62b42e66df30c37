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
  listNotifications,
  markSeen,
  notificationsInsert,
  signalTo,
  staffBut,
  type NotificationIn,
} from './notifications.repository.ts';

/** Channel of the LISTEN/NOTIFY fan-out; the payload is the id of the user to tell. */
export const NOTIFICATION_CHANNEL = 'inkwell_notifications';

/**
 * A notification to one member about another's doing (`values.userId`'s like, comment or reply) and
 * its signal, as parts of the doing's own statement: `recipient` (a column of `from`, which holds a
 * row only when the doing happened) hears of it, but nobody of their own doing, nor across a block.
 */
export function personalNotification(values: NotificationIn & { userId: string }, recipient: SQL, from: SQL) {
  const { userId } = values;
  return {
    insert: notificationsInsert(
      values,
      sql`select ${recipient} from ${from} where ${recipient} <> ${userId}::uuid and ${noBlockBetween(recipient, userId)}`,
    ),
    signal: (told: SQL) => signalTo(NOTIFICATION_CHANNEL, told),
  };
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

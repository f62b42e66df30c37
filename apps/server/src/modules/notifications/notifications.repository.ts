import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationFilter } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blogs, comments, moderationLog, notifications, reports, users } from '../../db/schema/index.ts';
import { notBlockedBy } from '../blocks/index.ts';
import { readableByReaders } from '../visibility/index.ts';

type NewNotification = typeof notifications.$inferInsert;
/** A notification as insertNotificationsFor stores it for each of its recipients: who did what, about what. */
export type NotificationOf = Pick<
  NewNotification,
  'type' | 'blogId' | 'reportId' | 'commentId' | 'repliedOnComment' | 'moderationLogId' | 'userId'
>;

export async function hasUnseenNotification(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .where(and(shownTo(userId), eq(notifications.seen, false)))
    .limit(1);
  return Boolean(row);
}

/** A NotificationOf whose values may also be expressions of the statement it is stored in. */
export type NotificationIn = { [K in keyof NotificationOf]: NotificationOf[K] | SQL };

/**
 * One notification to each user a subquery of ids names, as a part of a statement: it returns each
 * recipient (notification_for), whom signalTo then signals.
 */
export const notificationsInsert = (values: NotificationIn, recipients: SQL) => sql`
  insert into ${notifications} (type, blog_id, report_id, comment_id, replied_on_comment, moderation_log_id, notification_for, user_id)
  select ${values.type}, ${values.blogId ?? null}::uuid, ${values.reportId ?? null}::uuid,
    ${values.commentId ?? null}::uuid, ${values.repliedOnComment ?? null}::uuid,
    ${values.moderationLogId ?? null}::uuid, recipient.id, ${values.userId}::uuid
  from (${recipients}) as recipient (id)
  returning notification_for`;

/**
 * The signal to each recipient that `told` (the name of a notificationsInsert in the same statement)
 * returned: LISTEN/NOTIFY, which every server instance hears when the transaction commits.
 */
export const signalTo = (channel: string, told: SQL) =>
  sql`select count(pg_notify(${channel}, notification_for::text)) from ${told}`;

/**
 * One notification to each user a subquery of ids names, and the signal to each, in one statement:
 * an author with ten thousand followers costs one round trip, not ten thousand.
 */
export async function insertNotificationsFor(tx: Executor, channel: string, values: NotificationOf, recipients: SQL) {
  await tx.execute(sql`with added as (${notificationsInsert(values, recipients)}) ${signalTo(channel, sql`added`)}`);
}

/** The ids of every active staff member but `userId`, as insertNotificationsFor's recipients. */
export const staffBut = (userId: string) =>
  sql`select ${users.id} from ${users} where ${users.role} in ('owner', 'admin', 'moderator') and ${users.standing} = 'active' and ${users.id} <> ${userId}`;

/**
 * The removal of a reader's like's notification, as a part of the unlike's own statement, when
 * `when` holds there (the like was removed).
 */
export const likeNotificationRemoval = ({ blogId, userId }: { blogId: string; userId: string }, when: SQL) =>
  sql`delete from ${notifications} where ${and(eq(notifications.type, 'like'), eq(notifications.blogId, blogId), eq(notifications.userId, userId))} and ${when}`;

/**
 * A reply remembered on the notifications that told its writer about the comment it answers, as a
 * part of the reply's own statement: `reply` is a column of `from`, which holds a row only when the
 * reply was stored.
 */
export const replyRemembered = ({ userId, commentId }: { userId: string; commentId: string }, reply: SQL, from: SQL) =>
  sql`update ${notifications} set reply_id = ${reply} from ${from}
    where ${and(eq(notifications.notificationFor, userId), eq(notifications.commentId, commentId))}`;

/** Forgets replies that are about to be deleted, so the notifications they answered stay. */
export async function clearReplies(tx: Executor, replyIds: string[]) {
  if (replyIds.length === 0) return;
  await tx.update(notifications).set({ replyId: null }).where(inArray(notifications.replyId, replyIds));
}

/**
 * The user's notifications, but for those from a member they blocked (hidden while the block
 * lasts), from a suspended member, or about a blog they may not read (visibility/visibility.ts): each
 * comes back with what hid it.
 */
function shownTo(userId: string): SQL {
  return and(
    eq(notifications.notificationFor, userId),
    notBlockedBy(userId, notifications.userId),
    sql`(${notifications.blogId} is null or exists (select 1 from ${blogs} where ${blogs.id} = ${notifications.blogId} and (${readableByReaders} or ${blogs.authorId} = ${userId})))`,
    sql`not exists (select 1 from ${users} where ${users.id} = ${notifications.userId} and ${users.standing} = 'suspended')`,
  )!;
}

function forUser(userId: string, filter: NotificationFilter): SQL {
  const mine = shownTo(userId);
  return filter === 'all' ? mine : and(mine, eq(notifications.type, filter))!;
}

const actor = alias(users, 'actor');
const author = alias(users, 'author');
const comment = alias(comments, 'comment');
const repliedOn = alias(comments, 'replied_on');
const reply = alias(comments, 'reply');

/** One page of a user's notifications, newest first, with who acted, on which blog and comments: one query. */
export async function listNotifications(
  db: Executor,
  userId: string,
  filter: NotificationFilter,
  offset: number,
  limit: number,
) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      seen: notifications.seen,
      createdAt: notifications.createdAt,
      user: { fullname: actor.fullname, username: actor.username, profileImg: actor.profileImg },
      blog: { id: blogs.id, blogId: blogs.blogId, title: blogs.title, authorId: blogs.authorId },
      author: { fullname: author.fullname, username: author.username, profileImg: author.profileImg },
      comment: { id: comment.id, comment: comment.comment, commentedBy: comment.commentedBy },
      repliedOnComment: { id: repliedOn.id, comment: repliedOn.comment },
      reply: { id: reply.id, comment: reply.comment },
      report: {
        id: reports.id,
        reason: reports.reason,
        blogId: reports.blogId,
        commentId: reports.commentId,
        snapshot: reports.snapshot,
      },
      moderation: {
        action: moderationLog.action,
        label: moderationLog.targetLabel,
        detail: moderationLog.detail,
        reason: moderationLog.reason,
      },
    })
    .from(notifications)
    .innerJoin(actor, eq(actor.id, notifications.userId))
    .leftJoin(blogs, eq(blogs.id, notifications.blogId))
    .leftJoin(author, eq(author.id, blogs.authorId))
    .leftJoin(reports, eq(reports.id, notifications.reportId))
    .leftJoin(moderationLog, eq(moderationLog.id, notifications.moderationLogId))
    .leftJoin(comment, eq(comment.id, notifications.commentId))
    .leftJoin(repliedOn, eq(repliedOn.id, notifications.repliedOnComment))
    .leftJoin(reply, eq(reply.id, notifications.replyId))
    .where(forUser(userId, filter))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(offset)
    .limit(limit);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function countNotifications(db: Executor, userId: string, filter: NotificationFilter): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(forUser(userId, filter));
  return Number(row?.total ?? 0);
}

export async function markSeen(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(notifications)
    .set({ seen: true })
    .where(and(inArray(notifications.id, ids), eq(notifications.seen, false)));
}

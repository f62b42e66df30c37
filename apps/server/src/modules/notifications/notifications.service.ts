import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/** Channel of the LISTEN/NOTIFY fan-out; the payload is the id of the user to tell. */
export const NOTIFICATION_CHANNEL = 'inkwell_notifications';

interface LikeNotification {
  blogId: string;
  /** The blog's author, who is told. */
  authorId: string;
  /** The reader who liked. */
  userId: string;
}

/** Called inside the like's transaction; nobody is told about liking their own blog. */
export async function notifyLike(tx: Executor, { blogId, authorId, userId }: LikeNotification) {
  if (authorId === userId) return;
  await tx.insert(notifications).values({ type: 'like', blogId, notificationFor: authorId, userId });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${authorId})`);
}

export async function removeLikeNotification(tx: Executor, { blogId, userId }: Omit<LikeNotification, 'authorId'>) {
  await tx
    .delete(notifications)
    .where(and(eq(notifications.type, 'like'), eq(notifications.blogId, blogId), eq(notifications.userId, userId)));
}

import { and, eq, sql } from 'drizzle-orm';
import type { Session } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import type { UserRow } from '../users/users.repository.ts';

export async function hasNewNotification(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(notifications)
    .where(and(eq(notifications.notificationFor, userId), eq(notifications.seen, false)))
    .limit(1);
  return Boolean(row);
}

/** SPEC §3 Session: the body of every successful sign-in, stored whole by the web app. */
export async function presentSession(db: Executor, user: UserRow, accessToken: string): Promise<Session> {
  return {
    access_token: accessToken,
    username: user.username,
    fullname: user.fullname,
    profile_img: user.profileImg,
    new_notification_available: await hasNewNotification(db, user.id),
  };
}

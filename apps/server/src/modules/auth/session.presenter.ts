import type { Session } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { hasNewNotification } from '../notifications/notifications.service.ts';
import type { UserRow } from '../users/users.repository.ts';

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

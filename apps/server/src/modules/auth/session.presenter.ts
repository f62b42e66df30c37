import type { Session } from '@inkwell/contracts';
import type { UserRow } from '../users/index.ts';

/** docs/product/data.md Session: the body of every successful sign-in, stored whole by the web app. */
export function presentSession(user: UserRow, accessToken: string, newNotification: boolean): Session {
  return {
    access_token: accessToken,
    username: user.username,
    fullname: user.fullname,
    profile_img: user.profileImg,
    new_notification_available: newNotification,
  };
}

import {
  changePasswordError,
  profileError,
  SettingsMessages,
  socialLinkError,
  type ChangePasswordBody,
  type MyProfileResponse,
  type UpdateProfileBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions, type SessionUser } from '../auth/sessions.repository.ts';
import { isStoredImageUrl } from '../uploads/uploads.service.ts';
import { presentOwnProfile } from './settings.presenter.ts';
import {
  findOwnProfile,
  findPasswordHash,
  updatePasswordHash,
  updateProfile,
  updateProfileImg,
} from './settings.repository.ts';

export async function getOwnProfile(db: Db, userId: string): Promise<MyProfileResponse> {
  const row = await findOwnProfile(db, userId);
  if (!row) throw notFound();
  return presentOwnProfile(row);
}

/** Username, bio and social links: the only fields a user may change (SPEC §2 Edit profile). */
export async function editProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<{ username: string }> {
  const error = profileError(body) ?? socialLinkError(body.social_links);
  if (error) throw badRequest(error.message);
  const username = body.username.trim();
  const socialLinks = Object.fromEntries(Object.entries(body.social_links).map(([network, url]) => [network, url.trim()]));
  try {
    await updateProfile(db, userId, { username, bio: body.bio, socialLinks });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(SettingsMessages.usernameTaken);
    throw e;
  }
  return { username };
}

/** Only images our own upload endpoint stored may become a profile picture. */
export async function changeProfileImg(db: Db, userId: string, url: string): Promise<{ profile_img: string }> {
  if (!(await isStoredImageUrl(db, url))) throw badRequest(SettingsMessages.imageNotStored);
  await updateProfileImg(db, userId, url);
  return { profile_img: url };
}

/** Sets a new password and signs every other device out; the session that asked stays. */
export async function changePassword(db: Db, user: SessionUser, body: ChangePasswordBody) {
  const error = changePasswordError(body);
  if (error) throw badRequest(error.message);
  const currentHash = await findPasswordHash(db, user.id);
  if (!currentHash) throw badRequest(SettingsMessages.googleAccountPassword);
  if (!(await verifyPassword(currentHash, body.currentPassword))) throw forbidden(SettingsMessages.wrongCurrentPassword);
  const newHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, user.id, newHash);
    await revokeUserSessions(tx, user.id, user.sessionId);
  });
  return { status: 'done' as const };
}

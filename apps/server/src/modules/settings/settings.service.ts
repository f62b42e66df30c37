import {
  changePasswordError,
  profileError,
  socialLinkError,
  webUrl,
  type ChangePasswordBody,
  type MyProfileResponse,
  type UpdateProfileBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hashPassword, signOutOtherSessions, verifyPassword } from '../auth/index.ts';
import { pathOnSite } from '../../site-origin.ts';
import { importImage, isStoredImageUrl, type UploadDeps } from '../uploads/index.ts';
import { setPasswordHash, updateProfile } from '../users/index.ts';
import { presentOwnProfile } from './settings.presenter.ts';
import { findOwnProfile, findPasswordHash } from './settings.repository.ts';

/** The signed-in member's own profile, with what their session says the site holds them to. */
export async function getOwnProfile(db: Db, user: SessionUser): Promise<MyProfileResponse> {
  const row = await findOwnProfile(db, user.id);
  if (!row) throw notFound();
  return presentOwnProfile(row, user);
}

/** Username, bio and social links: the only fields a user may change (docs/product/screens.md Edit profile). */
export async function editProfile(db: Db, userId: string, body: UpdateProfileBody): Promise<{ username: string }> {
  const error = profileError(body) ?? socialLinkError(body.social_links);
  if (error) throw badRequest(error);
  const username = body.username.trim();
  const socialLinks = Object.fromEntries(
    Object.entries(body.social_links).map(([network, url]) => [network, url.trim()]),
  );
  try {
    await updateProfile(db, userId, { username, bio: body.bio, socialLinks });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('username_taken');
    throw e;
  }
  return { username };
}

export interface ProfileImgDeps {
  images: UploadDeps;
  /** Where this site is reached (PUBLIC_URL, the request's origin): absolute URLs of our uploads start so. */
  sites: string[];
  /** Test only: hosts the fetcher may reach although they resolve to loopback (FETCH_ALLOW_HOSTS). */
  allowHosts: string[];
  /** Counts a copy of an outside image against the user's uploads; throws 429 past the limit. */
  countUpload: () => Promise<void>;
}

/**
 * The new profile picture: an image this server stored, named by its path or its absolute URL on
 * this site, or an outside image (a client that uploads to an image host sends that address),
 * fetched once through the SSRF-safe fetcher and stored like an upload. Answers the stored path.
 */
export async function changeProfileImg(
  deps: ProfileImgDeps,
  userId: string,
  url: string,
): Promise<{ profile_img: string }> {
  const { db } = deps.images;
  const own = pathOnSite(url, deps.sites);
  let profileImg: string;
  if (own !== null) {
    if (!(await isStoredImageUrl(db, own))) throw badRequest('image_not_stored');
    profileImg = own;
  } else {
    // Only an address the fetcher will try counts; the others are refused by it straight away.
    if (webUrl(url)) await deps.countUpload();
    ({ url: profileImg } = await importImage(deps.images, userId, url, deps.allowHosts).catch((error: unknown) => {
      // The JSON asking was fine; the picture behind the address was not (too large, not an image): a 400.
      if (error instanceof HttpError && (error.status === 413 || error.status === 415)) throw badRequest(error.refusal);
      throw error;
    }));
  }
  await updateProfile(db, userId, { profileImg });
  return { profile_img: profileImg };
}

/** Sets a new password and signs every other device out; the session that asked stays. */
export async function changePassword(db: Db, user: SessionUser, body: ChangePasswordBody) {
  const error = changePasswordError(body);
  if (error) throw badRequest(error);
  const currentHash = await findPasswordHash(db, user.id);
  if (!currentHash) throw badRequest('google_account_password_change');
  if (!(await verifyPassword(currentHash, body.currentPassword))) throw forbidden('wrong_current_password');
  const newHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, newHash);
    await signOutOtherSessions(tx, user.id, user.sessionId);
  });
  return { status: 'done' as const };
}

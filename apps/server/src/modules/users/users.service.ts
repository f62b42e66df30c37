import type { Executor } from '../../db/client.ts';
import { changed, Tags } from '../../plugins/cache-tags.ts';
import { avatarUrl } from '../avatars/index.ts';
import { Limits, profileError } from '@inkwell/contracts';
import { anyUserExists, findUserByUsername, freeUsername, insertUser, type UserRow } from './users.repository.ts';

export interface NewAccount {
  fullname: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  /** A picture from Google; otherwise the generated avatar of the new username. */
  profileImg?: string | undefined;
  /** Whether the address is proven already (Google says it verified it); a password account's is not until its link is followed. */
  emailVerified: boolean;
  /** The username it had elsewhere (an import keeps the source's): taken when valid and free, else one is made from the e-mail. */
  username?: string | undefined;
  bio?: string | undefined;
}

/** The username a new account gets: the one asked for when the profile rules allow it and nobody holds it, else one made from the e-mail. */
async function usernameOf(tx: Executor, email: string, wanted: string | undefined) {
  const usable = wanted !== undefined && !profileError({ username: wanted, bio: '' });
  return usable && !(await findUserByUsername(tx, wanted)) ? wanted : freeUsername(tx, email);
}

/**
 * Creates a user with the username asked for, or one made from the e-mail. Two sign-ups may pick the same free
 * username at once: the unique index decides, and the caller retries on a unique violation.
 * The first account of a new site is its owner; two first sign-ups at once meet the one-owner
 * index, and the retry makes the later one a member.
 */
export async function createUser(
  tx: Executor,
  { profileImg, emailVerified, username: wanted, bio = '', ...account }: NewAccount,
): Promise<UserRow> {
  const username = await usernameOf(tx, account.email, wanted);
  const role = (await anyUserExists(tx)) ? 'member' : 'owner';
  changed(Tags.members);
  return insertUser(tx, {
    ...account,
    username,
    profileImg: profileImg ?? avatarUrl(username),
    role,
    bio: bio.slice(0, Limits.bioMax),
    emailVerifiedAt: emailVerified ? new Date() : null,
  });
}

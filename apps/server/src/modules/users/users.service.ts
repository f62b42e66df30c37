import type { Executor } from '../../db/client.ts';
import { avatarUrl } from '../avatars/index.ts';
import { anyUserExists, freeUsername, insertUser, type UserRow } from './users.repository.ts';

export interface NewAccount {
  fullname: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  /** A picture from Google; otherwise the generated avatar of the new username. */
  profileImg?: string | undefined;
  /** Whether the address is proven already (Google says it verified it); a password account's is not until its link is followed. */
  emailVerified: boolean;
}

/**
 * Creates a user with a username made from the e-mail. Two sign-ups may pick the same free
 * username at once: the unique index decides, and the caller retries on a unique violation.
 * The first account of a new site is its owner; two first sign-ups at once meet the one-owner
 * index, and the retry makes the later one a member.
 */
export async function createUser(
  tx: Executor,
  { profileImg, emailVerified, ...account }: NewAccount,
): Promise<UserRow> {
  const username = await freeUsername(tx, account.email);
  const role = (await anyUserExists(tx)) ? 'member' : 'owner';
  return insertUser(tx, {
    ...account,
    username,
    profileImg: profileImg ?? avatarUrl(username),
    role,
    emailVerifiedAt: emailVerified ? new Date() : null,
  });
}

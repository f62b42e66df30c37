import { DELETE_CONFIRMATION_MAX_AGE_SECONDS, type DeleteAccountBody } from '@inkwell/contracts';
import type { GoogleConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import { isFreshGoogleSignIn, verifyPassword } from '../auth/index.ts';
import { lockAuthorBlogs, type BlogEventHandlers } from '../blogs/index.ts';
import { deleteAccount, type UserEventHandlers } from '../users/index.ts';
import { findAccountConfirmation, lockAccount } from './settings.repository.ts';

export interface AccountDeletionDeps {
  db: Db;
  events: { blogs: BlogEventHandlers; users: UserEventHandlers };
  google: GoogleConfig;
  now: Date;
  /** Told why a Google ID token was refused (the answer says only that it did not confirm). */
  onInvalidToken: (error: unknown) => void;
}

/** The member proves it is them as they sign in: their password, or (an account with none) a Google sign-in of the last minutes. */
async function confirmIdentity(
  deps: AccountDeletionDeps,
  account: { passwordHash: string | null; googleSub: string | null },
  { password, credential }: DeleteAccountBody,
) {
  if (account.passwordHash) {
    if (!password) throw badRequest('password_confirmation_required');
    if (!(await verifyPassword(account.passwordHash, password))) throw forbidden('delete_wrong_password');
    return;
  }
  if (!credential) throw badRequest('google_confirmation_required');
  const fresh =
    account.googleSub !== null &&
    (await isFreshGoogleSignIn(
      deps.google,
      credential,
      account.googleSub,
      { maxAgeSeconds: DELETE_CONFIRMATION_MAX_AGE_SECONDS, now: deps.now },
      deps.onInvalidToken,
    ));
  if (!fresh) throw forbidden('google_confirmation_failed');
}

/**
 * `POST /api/account/delete`: the member deletes their own account for good, by the deletion an
 * admin's delete-member runs (users' `leaving` event: docs/product/rules.md Deleting an account).
 * The site's owner stays until they hand the site over (there is one owner, always). Their blogs are
 * locked before their row, as a save and an admin's deletion take them.
 */
export async function deleteOwnAccount(deps: AccountDeletionDeps, userId: string, body: DeleteAccountBody) {
  const account = await findAccountConfirmation(deps.db, userId);
  if (!account) throw notFound('user_not_found');
  if (account.role === 'owner') throw conflict('owner_cannot_leave');
  await confirmIdentity(deps, account, body);
  await deps.db.transaction(async (tx) => {
    await lockAuthorBlogs(tx, deps.events.blogs, userId);
    const locked = await lockAccount(tx, userId);
    if (!locked) throw notFound('user_not_found');
    // Handed the site meanwhile.
    if (locked.role === 'owner') throw conflict('owner_cannot_leave');
    await deleteAccount(tx, deps.events.users, userId, deps.now);
  });
  return { deleted: true as const };
}

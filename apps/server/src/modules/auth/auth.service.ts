import { authError, type FixedErrorCode, type Session, type SignInBody, type SignUpBody } from '@inkwell/contracts';
import type { GoogleConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hasNewNotification } from '../notifications/index.ts';
import { assertRegistrationOpen } from '../site/index.ts';
import { createUser, findUserByEmail, findUserByGoogleSub, type NewAccount, type UserRow } from '../users/index.ts';
import { verifyGoogleIdToken, type GoogleIdentity } from './google-id-token.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { presentSession } from './session.presenter.ts';
import { createSession, findSessionUser, revokeSession, revokeUserSessions } from './sessions.repository.ts';
import { TOKEN_PATTERN } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  sessionDays: number;
}

/** A new session of the user, answered as sign-in answers it; none for a suspended member. */
async function startSession(db: Executor, user: UserRow, sessionDays: number): Promise<Session> {
  if (user.standing === 'suspended') throw forbidden('account_suspended');
  const accessToken = await createSession(db, user.id, sessionDays);
  return presentSession(user, accessToken, await hasNewNotification(db, user.id));
}

/** Creates the user with a free username and signs it in; 409 when the e-mail is taken. */
async function createAccount(
  { db, sessionDays }: AuthDeps,
  account: NewAccount,
  emailTaken: FixedErrorCode,
): Promise<Session> {
  // Two sign-ups may pick the same free username at once; the unique index decides, we retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => startSession(tx, await createUser(tx, account), sessionDays));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findUserByEmail(db, account.email)) throw conflict(emailTaken);
      if (attempt >= 5) throw error;
    }
  }
}

export async function signUp(deps: AuthDeps, body: SignUpBody): Promise<Session> {
  const error = authError(body);
  if (error) throw badRequest(error);
  // Before the e-mail is looked up: a closed site does not say who has an account.
  await assertRegistrationOpen(deps.db);
  const email = body.email.trim();
  if (await findUserByEmail(deps.db, email)) throw conflict('email_taken');
  const passwordHash = await hashPassword(body.password);
  return createAccount(deps, { fullname: body.fullname.trim(), email, passwordHash, googleSub: null }, 'email_taken');
}

export async function signIn({ db, sessionDays }: AuthDeps, body: SignInBody): Promise<Session> {
  const error = authError(body);
  if (error) throw badRequest(error);
  const user = await findUserByEmail(db, body.email.trim());
  if (!user) {
    await burnPasswordCheck(body.password);
    throw new HttpError(401, 'wrong_credentials');
  }
  if (!user.passwordHash) throw badRequest('google_account_sign_in');
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new HttpError(401, 'wrong_credentials');
  return startSession(db, user, sessionDays);
}

const httpsUrl = (url: string | undefined) => (url && /^https:\/\/[^\s]+$/i.test(url) ? url : undefined);

/**
 * Signs in (or up) with a Google ID token. Accounts are keyed by Google's `sub`: an account that
 * already owns the e-mail is never linked on the e-mail's word alone.
 */
export async function googleSignIn(
  deps: AuthDeps & { google: GoogleConfig },
  idToken: string,
  onInvalid: (error: unknown) => void,
): Promise<Session> {
  let identity: GoogleIdentity;
  try {
    identity = await verifyGoogleIdToken(deps.google, idToken);
  } catch (error) {
    onInvalid(error);
    throw new HttpError(401, 'google_sign_in_failed');
  }
  if (!identity.emailVerified) throw new HttpError(401, 'google_email_unverified');

  const existing = await findUserByGoogleSub(deps.db, identity.sub);
  if (existing) return startSession(deps.db, existing, deps.sessionDays);
  await assertRegistrationOpen(deps.db);
  if (await findUserByEmail(deps.db, identity.email)) throw conflict('google_email_taken');
  const fullname = identity.name ?? identity.email.split('@')[0]!;
  return createAccount(
    deps,
    {
      fullname,
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      profileImg: httpsUrl(identity.picture),
    },
    'google_email_taken',
  );
}

/** The signed-in user a bearer token names, or null when it is malformed, unknown, expired or revoked. */
export async function userOfToken(db: Executor, token: string): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  return (await findSessionUser(db, token)) ?? null;
}

/** Signs one device out: its session stops working at once. */
export const signOut = (db: Executor, sessionId: string) => revokeSession(db, sessionId);

/** Signs every device of the user out, or every one but the session `keep` (password changes). */
export const signOutOtherSessions = (db: Executor, userId: string, keep?: string) =>
  revokeUserSessions(db, userId, keep);

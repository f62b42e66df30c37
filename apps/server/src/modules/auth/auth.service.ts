import { AuthMessages, authError, Messages, type Session, type SignInBody, type SignUpBody } from '@inkwell/contracts';
import type { GoogleConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, HttpError } from '../../http-error.ts';
import { avatarUrl } from '../avatars/avatars.routes.ts';
import { findUserByEmail, findUserByGoogleSub, freeUsername, insertUser } from '../users/users.repository.ts';
import { verifyGoogleIdToken, type GoogleIdentity } from './google-id-token.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { presentSession } from './session.presenter.ts';
import { createSession } from './sessions.repository.ts';

export interface AuthDeps {
  db: Db;
  sessionDays: number;
}

interface NewAccount {
  fullname: string;
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  /** A picture from Google; otherwise the generated avatar of the new username. */
  profileImg?: string | undefined;
}

/** Creates the user with a free username and signs it in; 409 when the e-mail is taken. */
async function createAccount({ db, sessionDays }: AuthDeps, account: NewAccount, emailTaken: string): Promise<Session> {
  const { profileImg, ...values } = account;
  // Two sign-ups may pick the same free username at once; the unique index decides, we retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const username = await freeUsername(tx, account.email);
        const user = await insertUser(tx, { ...values, username, profileImg: profileImg ?? avatarUrl(username) });
        return presentSession(tx, user, await createSession(tx, user.id, sessionDays));
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findUserByEmail(db, account.email)) throw conflict(emailTaken);
      if (attempt >= 5) throw error;
    }
  }
}

export async function signUp(deps: AuthDeps, body: SignUpBody): Promise<Session> {
  const error = authError(body);
  if (error) throw badRequest(error.message);
  const email = body.email.trim();
  if (await findUserByEmail(deps.db, email)) throw conflict(Messages.emailExists);
  const passwordHash = await hashPassword(body.password);
  return createAccount(deps, { fullname: body.fullname.trim(), email, passwordHash, googleSub: null }, Messages.emailExists);
}

export async function signIn({ db, sessionDays }: AuthDeps, body: SignInBody): Promise<Session> {
  const error = authError(body);
  if (error) throw badRequest(error.message);
  const user = await findUserByEmail(db, body.email.trim());
  if (!user) {
    await burnPasswordCheck(body.password);
    throw new HttpError(401, Messages.wrongCredentials);
  }
  if (!user.passwordHash) throw badRequest(Messages.useGoogle);
  if (!(await verifyPassword(user.passwordHash, body.password))) throw new HttpError(401, Messages.wrongCredentials);
  return presentSession(db, user, await createSession(db, user.id, sessionDays));
}

const httpsUrl = (url: string | undefined) => (url && /^https:\/\/[^\s]+$/i.test(url) ? url : undefined);

/**
 * Signs in (or up) with a Google ID token. Accounts are keyed by Google's `sub`: an account that
 * already owns the e-mail is never linked on the e-mail's word alone.
 */
export async function googleSignIn(deps: AuthDeps & { google: GoogleConfig }, idToken: string, onInvalid: (error: unknown) => void): Promise<Session> {
  let identity: GoogleIdentity;
  try {
    identity = await verifyGoogleIdToken(deps.google, idToken);
  } catch (error) {
    onInvalid(error);
    throw new HttpError(401, Messages.googleFailed);
  }
  if (!identity.emailVerified) throw new HttpError(401, AuthMessages.googleEmailUnverified);

  const existing = await findUserByGoogleSub(deps.db, identity.sub);
  if (existing) return presentSession(deps.db, existing, await createSession(deps.db, existing.id, deps.sessionDays));
  if (await findUserByEmail(deps.db, identity.email)) throw conflict(AuthMessages.googleEmailTaken);
  const fullname = identity.name ?? identity.email.split('@')[0]!;
  return createAccount(
    deps,
    { fullname, email: identity.email, passwordHash: null, googleSub: identity.sub, profileImg: httpsUrl(identity.picture) },
    AuthMessages.googleEmailTaken,
  );
}

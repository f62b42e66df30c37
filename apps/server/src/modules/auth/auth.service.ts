import {
  authError,
  type ApplicationReceived,
  type FixedErrorCode,
  type GoogleAuthBody,
  type Session,
  type SignInBody,
  type SignUpBody,
} from '@inkwell/contracts';
import type { GoogleConfig } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { hasNewNotification } from '../notifications/index.ts';
import { requireProofOfWork, type ProofOfWorkDeps } from '../proof-of-work/index.ts';
import { admission, admit, apply, type Admission } from '../site/index.ts';
import { createUser, findUserByEmail, findUserByGoogleSub, type UserRow } from '../users/index.ts';
import { mailLinkToNewMember, type VerificationMail } from './email-verification.service.ts';
import { verifyGoogleIdToken, type GoogleIdentity } from './google-id-token.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { presentSession } from './session.presenter.ts';
import { createSession, findSessionUser, revokeSession, revokeUserSessions } from './sessions.repository.ts';
import { TOKEN_PATTERN } from './tokens.ts';

/** An account to make, as createUser takes it. */
type NewAccount = Parameters<typeof createUser>[1];

export interface AuthDeps extends ProofOfWorkDeps {
  sessionDays: number;
}

/** A new session of the user, answered as sign-in answers it; none for a suspended member. */
async function startSession(db: Executor, user: UserRow, sessionDays: number): Promise<Session> {
  if (user.standing === 'suspended') throw forbidden('account_suspended');
  const accessToken = await createSession(db, user.id, sessionDays);
  return presentSession(user, accessToken, await hasNewNotification(db, user.id));
}

/** Creates the user with a free username (using their invitation, if any) and signs it in; 409 when the e-mail is taken. */
async function createAccount(
  { db, sessionDays }: AuthDeps,
  account: NewAccount,
  emailTaken: FixedErrorCode,
  admitted: Admission,
): Promise<{ user: UserRow; session: Session }> {
  // Two sign-ups may pick the same free username at once; the unique index decides, we retry.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await admit(tx, admitted);
        const user = await createUser(tx, account);
        return { user, session: await startSession(tx, user, sessionDays) };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await findUserByEmail(db, account.email)) throw conflict(emailTaken);
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * A new account and its session; or, on a site that reviews who joins, an application (joining.ts).
 * Nothing has proven the address yet: where the site asks for that, the new member is mailed a link.
 */
export async function signUp(
  deps: AuthDeps & { mail: VerificationMail },
  body: SignUpBody,
): Promise<Session | ApplicationReceived> {
  const error = authError(body);
  if (error) throw badRequest(error);
  // Before the e-mail is looked up: a closed site does not say who has an account, and nobody
  // learns whether an address has one without the work each try costs.
  const admitted = await admission(deps.db, body);
  await requireProofOfWork(deps, body.altcha);
  const email = body.email.trim();
  if (await findUserByEmail(deps.db, email)) throw conflict('email_taken');
  const account = { fullname: body.fullname.trim(), email, passwordHash: await hashPassword(body.password) };
  if (admitted.kind === 'application') return apply(deps.db, { ...account, googleSub: null, reason: admitted.reason });
  const { user, session } = await createAccount(
    deps,
    { ...account, googleSub: null, emailVerified: false },
    'email_taken',
    admitted,
  );
  await mailLinkToNewMember(deps.db, deps.mail, user);
  return session;
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
 * already owns the e-mail is never linked on the e-mail's word alone. Google has verified the
 * address (a token that says otherwise is refused), so a new account is born confirmed.
 */
export async function googleSignIn(
  deps: AuthDeps & { google: GoogleConfig },
  { access_token: idToken, ...joining }: GoogleAuthBody,
  onInvalid: (error: unknown) => void,
): Promise<Session | ApplicationReceived> {
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
  const admitted = await admission(deps.db, { ...joining, email: identity.email });
  if (await findUserByEmail(deps.db, identity.email)) throw conflict('google_email_taken');
  const fullname = identity.name ?? identity.email.split('@')[0]!;
  const account = { fullname, email: identity.email, passwordHash: null, googleSub: identity.sub };
  if (admitted.kind === 'application') return apply(deps.db, { ...account, reason: admitted.reason });
  const created = await createAccount(
    deps,
    { ...account, profileImg: httpsUrl(identity.picture), emailVerified: identity.emailVerified },
    'google_email_taken',
    admitted,
  );
  return created.session;
}

/**
 * The signed-in user a bearer token names, or null when it is malformed, unknown, expired or
 * revoked; `canMail`: whether this server sends mail, without which e-mail verification never holds.
 */
export async function userOfToken(db: Executor, token: string, canMail: boolean): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  return (await findSessionUser(db, token, canMail)) ?? null;
}

/** Signs one device out: its session stops working at once. */
export const signOut = (db: Executor, sessionId: string) => revokeSession(db, sessionId);

/** Signs every device of the user out, or every one but the session `keep` (password changes). */
export const signOutOtherSessions = (db: Executor, userId: string, keep?: string) =>
  revokeUserSessions(db, userId, keep);

/**
 * Whether a Google ID token proves, just now, that its holder is the account with Google account
 * `googleSub`: verified as sign-in verifies one, for that Google account, issued within `maxAgeSeconds`
 * of `now` (what an account with no password confirms its deletion with).
 */
export async function isFreshGoogleSignIn(
  google: GoogleConfig,
  idToken: string,
  googleSub: string,
  { maxAgeSeconds, now }: { maxAgeSeconds: number; now: Date },
  onInvalid: (error: unknown) => void,
): Promise<boolean> {
  let identity: GoogleIdentity;
  try {
    identity = await verifyGoogleIdToken(google, idToken);
  } catch (error) {
    onInvalid(error);
    return false;
  }
  const age = identity.issuedAt ? (now.getTime() - identity.issuedAt.getTime()) / 1000 : Infinity;
  return identity.sub === googleSub && age <= maxAgeSeconds;
}

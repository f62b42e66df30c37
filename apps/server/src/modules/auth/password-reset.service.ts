import {
  AuthMessages,
  emailError,
  passwordError,
  resetPasswordPath,
  type AuthNotice,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http-error.ts';
import type { SendMail } from '../mail/index.ts';
import { findUserByEmail, setPasswordHash } from '../users/index.ts';
import { hashPassword } from './passwords.ts';
import {
  consumePasswordReset,
  deleteOtherPasswordResets,
  insertPasswordReset,
  isPasswordResetUsable,
} from './password-resets.repository.ts';
import { revokeUserSessions } from './sessions.repository.ts';
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts';

export const RESET_LINK_MINUTES = 60;

export interface ResetDeps {
  db: Db;
  sendMail: SendMail;
  onMailError: (error: unknown) => void;
}

/**
 * Mails a single-use reset link when the account exists. The answer is the same either way, and
 * the mail leaves after it, so neither the body nor the timing tells whether the e-mail is known.
 */
export async function requestPasswordReset(
  { db, sendMail, onMailError }: ResetDeps,
  body: ForgotPasswordBody,
  origin: string,
): Promise<AuthNotice> {
  const error = emailError(body.email);
  if (error) throw badRequest(error);
  const user = await findUserByEmail(db, body.email.trim());
  if (user) {
    const { token, hash } = newToken();
    await insertPasswordReset(db, user.id, hash, RESET_LINK_MINUTES);
    const link = `${origin}${resetPasswordPath(token)}`;
    sendMail({
      to: user.email,
      subject: 'Reset your Inkwell password',
      text: [
        `Hello ${user.fullname},`,
        '',
        'Someone (hopefully you) asked to reset the password of your Inkwell account. Open this link to choose a new one:',
        '',
        link,
        '',
        `The link works once and for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this mail; your password stays as it is.`,
      ].join('\n'),
    }).catch(onMailError);
  }
  return { message: AuthMessages.resetMailSent };
}

/** Sets the new password from a live link, uses the link up and signs every device out. */
export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<AuthNotice> {
  const invalid = badRequest('reset_link_invalid');
  if (!TOKEN_PATTERN.test(body.token)) throw invalid;
  const tokenHash = hashToken(body.token);
  if (!(await isPasswordResetUsable(db, tokenHash))) throw invalid;
  const error = passwordError(body.password);
  if (error) throw badRequest(error);
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const owner = await consumePasswordReset(tx, tokenHash);
    if (!owner) return undefined;
    await setPasswordHash(tx, owner, passwordHash);
    await revokeUserSessions(tx, owner);
    await deleteOtherPasswordResets(tx, owner, tokenHash);
    return owner;
  });
  if (!userId) throw invalid;
  return { message: AuthMessages.passwordResetDone };
}

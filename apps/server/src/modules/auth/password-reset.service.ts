import {
  AuthMessages,
  emailError,
  passwordError,
  resetPasswordPath,
  type AuthNotice,
  type ForgotPasswordBody,
  type ResetPasswordBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import type { SendMail } from '../mail/index.ts';
import { badRequest } from '../../http-error.ts';
import { findUserByEmail, markEmailVerified, setPasswordHash } from '../users/index.ts';
import { hashPassword } from './passwords.ts';
import { newToken } from './tokens.ts';
import {
  consumePasswordReset,
  deleteOtherPasswordResets,
  insertPasswordReset,
  isPasswordResetUsable,
} from './password-resets.repository.ts';
import { linkTokenHash, mailLink, type LinkMailer } from './mailed-links.ts';
import { revokeUserSessions } from './sessions.repository.ts';

export const RESET_LINK_MINUTES = 60;

export interface ResetDeps extends LinkMailer {
  db: Db;
}

/**
 * Mails a single-use reset link when the account exists. The answer is the same either way, and
 * the mail leaves after it, so neither the body nor the timing tells whether the e-mail is known.
 */
export async function requestPasswordReset(
  { db, ...mailer }: ResetDeps,
  body: ForgotPasswordBody,
  origin: string,
): Promise<AuthNotice> {
  const error = emailError(body.email);
  if (error) throw badRequest(error);
  const user = await findUserByEmail(db, body.email.trim());
  if (user)
    await mailLink(mailer, {
      keep: (tokenHash) => insertPasswordReset(db, user.id, tokenHash, RESET_LINK_MINUTES),
      origin,
      path: resetPasswordPath,
      write: (link) => (site) => ({
        to: user.email,
        subject: `Reset your ${site.name} password`,
        text: [
          `Hello ${user.fullname},`,
          '',
          `Someone (hopefully you) asked to reset the password of your ${site.name} account. Open this link to choose a new one:`,
          '',
          link,
          '',
          `The link works once and for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this mail; your password stays as it is.`,
        ].join('\n'),
      }),
    });
  return { message: AuthMessages.resetMailSent };
}

/** How long the link to choose a first password lasts: a member who did not ask for it may read their mail days later. */
export const SET_PASSWORD_LINK_DAYS = 7;

/**
 * Mails a member whose account someone else made (an admin importing a site) a link to choose their
 * password: a reset link, lasting days. Waited for, so a job sending it tries again when the mail fails.
 */
export async function mailSetPasswordLink(
  { db, sendMail }: { db: Executor; sendMail: SendMail },
  user: { id: string; email: string; fullname: string },
  origin: string,
) {
  const { token, hash } = newToken();
  await insertPasswordReset(db, user.id, hash, SET_PASSWORD_LINK_DAYS * 24 * 60);
  const link = `${origin}${resetPasswordPath(token)}`;
  await sendMail((site) => ({
    to: user.email,
    subject: `Your account on ${site.name}`,
    text: [
      `Hello ${user.fullname},`,
      '',
      `The admins of ${site.name} moved a blog you wrote there, and made you an account with this address to keep it under your name. Open this link to choose your password:`,
      '',
      link,
      '',
      `The link works once and for ${SET_PASSWORD_LINK_DAYS} days; after that, "Forgot password" on the sign-in page mails a new one.`,
    ].join('\n'),
  }));
}

/**
 * Sets the new password from a live link, uses the link up and signs every device out. Following
 * the mailed link proves the address too, as a confirmation link would.
 */
export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<AuthNotice> {
  const invalid = badRequest('reset_link_invalid');
  const tokenHash = linkTokenHash(body.token);
  if (tokenHash === null || !(await isPasswordResetUsable(db, tokenHash))) throw invalid;
  const error = passwordError(body.password);
  if (error) throw badRequest(error);
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const owner = await consumePasswordReset(tx, tokenHash);
    if (!owner) return undefined;
    await setPasswordHash(tx, owner, passwordHash);
    await markEmailVerified(tx, owner);
    await revokeUserSessions(tx, owner);
    await deleteOtherPasswordResets(tx, owner, tokenHash);
    return owner;
  });
  if (!userId) throw invalid;
  return { message: AuthMessages.passwordResetDone };
}

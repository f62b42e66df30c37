import {
  defenceOn,
  VerificationMessages,
  verifyEmailPath,
  type AuthNotice,
  type VerifyEmailBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http-error.ts';
import { readSiteSettings } from '../site/index.ts';
import { findUserById, markEmailVerified, type UserRow } from '../users/index.ts';
import { consumeEmailVerification, insertEmailVerification } from './email-verifications.repository.ts';
import { linkTokenHash, mailLink, type LinkMailer } from './mailed-links.ts';

/*
 * E-mail verification (site setting emailVerification, or the spam-wave switch, where the server
 * can send mail): an account made with a password starts unconfirmed, is mailed a link at sign-up,
 * and may not publish or comment (plugins/auth.ts `assertVerified`) until the link is followed.
 */

export const VERIFY_LINK_HOURS = 24;

/** How confirmation links leave this server: its mailer, whether mail really leaves, and the site's address. */
export interface VerificationMail extends LinkMailer {
  canMail: boolean;
  origin: string;
}

async function mailVerificationLink(db: Db, mail: VerificationMail, user: Pick<UserRow, 'id' | 'email' | 'fullname'>) {
  await mailLink(mail, {
    keep: (tokenHash) => insertEmailVerification(db, user.id, tokenHash, VERIFY_LINK_HOURS),
    origin: mail.origin,
    path: verifyEmailPath,
    write: (link) => (site) => ({
      to: user.email,
      subject: `Confirm your e-mail address on ${site.name}`,
      text: [
        `Hello ${user.fullname},`,
        '',
        'Open this link to confirm that this is your e-mail address; then you can publish and comment:',
        '',
        link,
        '',
        `The link works once and for ${VERIFY_LINK_HOURS} hours. If you did not make an account, ignore this mail.`,
      ].join('\n'),
    }),
  });
}

/** After a sign-up with a password: the new member's link, where the site asks for confirmed addresses now. */
export async function mailLinkToNewMember(db: Db, mail: VerificationMail, user: UserRow) {
  if (defenceOn(await readSiteSettings(db), 'emailVerification', mail.canMail))
    await mailVerificationLink(db, mail, user);
}

/** `POST /api/user/resend-verification`: a new link for the signed-in member, whose address is not confirmed yet. */
export async function resendVerification(db: Db, mail: VerificationMail, userId: string): Promise<AuthNotice> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  if (user.emailVerifiedAt) throw conflict('email_already_verified');
  await mailVerificationLink(db, mail, user);
  return { message: VerificationMessages.linkMailed };
}

/** `POST /api/user/verify-email`: whoever holds a live link confirms its member's address. */
export async function verifyEmail(db: Db, { token }: VerifyEmailBody): Promise<AuthNotice> {
  const tokenHash = linkTokenHash(token);
  const confirmed =
    tokenHash !== null &&
    (await db.transaction(async (tx) => {
      const userId = await consumeEmailVerification(tx, tokenHash);
      if (userId) await markEmailVerified(tx, userId);
      return userId !== undefined;
    }));
  if (!confirmed) throw badRequest('verification_link_invalid');
  return { message: VerificationMessages.confirmed };
}

import type { MailWriter, SendMail } from '../mail/index.ts';
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts';

/*
 * The single-use links the server mails (a password reset, an e-mail confirmation): a random token
 * in the link, only its SHA-256 kept, the mail sent once the answer has left.
 */

/** The mailer, and where a send that fails is told (the answer has left by then). */
export interface LinkMailer {
  sendMail: SendMail;
  onMailError: (error: unknown) => void;
}

/**
 * Mails a new link: `keep` stores the token's hash, and the mail `write` makes of the address
 * `<origin><path(token)>` is sent without being waited for, so neither a slow mail server nor the
 * timing of the answer tells anything.
 */
export async function mailLink(
  { sendMail, onMailError }: LinkMailer,
  link: {
    keep: (tokenHash: string) => Promise<void>;
    origin: string;
    path: (token: string) => string;
    write: (address: string) => MailWriter;
  },
) {
  const { token, hash } = newToken();
  await link.keep(hash);
  sendMail(link.write(`${link.origin}${link.path(token)}`)).catch(onMailError);
}

/** The hash a link's token is kept under, or null for what no link of ours holds. */
export const linkTokenHash = (token: string): string | null => (TOKEN_PATTERN.test(token) ? hashToken(token) : null);

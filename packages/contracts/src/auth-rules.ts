import type { FieldRefusal } from './error-codes.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';

/** docs/product/rules.md: local part, @, domain and a 2-3 letter suffix. */
export const EMAIL_PATTERN = /^[\w.+-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,3}$/;
/** docs/product/rules.md: 6 to 20 characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{6,20}$/;

export interface AuthInput {
  fullname?: string | undefined;
  email: string;
  password: string;
}

/**
 * The authentication rules of docs/product/rules.md, in their order. Returns the first failing
 * one, or null. `fullname` is checked only when present (sign-up).
 */
export function authError({ fullname, email, password }: AuthInput): FieldRefusal | null {
  if (fullname !== undefined && fullname.trim().length < Limits.fullnameMin)
    return { field: 'fullname', code: 'fullname_too_short', message: Messages.fullnameTooShort };
  return emailError(email) ?? passwordError(password);
}

/** Rules 2 and 3 of docs/product/rules.md (also the forgot-password screen). */
export function emailError(email: string): FieldRefusal | null {
  if (!email.trim()) return { field: 'email', code: 'email_required', message: Messages.enterEmail };
  if (!EMAIL_PATTERN.test(email.trim()))
    return { field: 'email', code: 'email_invalid', message: Messages.emailInvalid };
  return null;
}

/** Rule 4 of docs/product/rules.md, shared by sign-up, sign-in and password reset (change password names its own fields). */
export const passwordError = (password: string): FieldRefusal | null =>
  PASSWORD_PATTERN.test(password)
    ? null
    : { field: 'password', code: 'password_invalid', message: Messages.passwordRule };

/** Texts of the account flows the spec leaves out (Google conflicts, reset, rate limits). */
export const AuthMessages = {
  resetMailSent: 'If an account exists for that email, we have sent it a link to reset the password.',
  passwordResetDone: 'Your password has been reset. Please sign in.',
  tooManySignIns: 'Too many sign-in attempts',
  tooManySignUps: 'Too many sign-ups from this network',
  tooManyResets: 'Too many password reset requests',
  /** The web app's word when the server refuses the stored token (revoked, expired, password changed). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** A form sent before the proof of work a site asks (ALTCHA, proof-of-work.ts) is done: the sign-up's and a visitor's subscription's. */
  proofOfWorkRequired:
    'This site checks that you are not a robot: wait for the check to finish, then send the form again',
} as const;

import { z } from 'zod';
import type { FieldError } from './fields.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';

/** SPEC.md §5: local part, @, domain and a 2-3 letter suffix. */
export const EMAIL_PATTERN = /^[\w.+-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,3}$/;
/** SPEC.md §5: 6 to 20 characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{6,20}$/;

export interface AuthInput {
  fullname?: string | undefined;
  email: string;
  password: string;
}

/**
 * The authentication rules of SPEC.md §5, in their order. Returns the first failing
 * one, or null. `fullname` is checked only when present (sign-up).
 */
export function authError({ fullname, email, password }: AuthInput): FieldError | null {
  if (fullname !== undefined && fullname.trim().length < Limits.fullnameMin) return { field: 'fullname', message: Messages.fullnameTooShort };
  return emailError(email) ?? passwordError(password);
}

/** Rules 2 and 3 of SPEC.md §5 (also the forgot-password screen). */
export function emailError(email: string): FieldError | null {
  if (!email.trim()) return { field: 'email', message: Messages.enterEmail };
  if (!EMAIL_PATTERN.test(email.trim())) return { field: 'email', message: Messages.emailInvalid };
  return null;
}

/** Rule 4 of SPEC.md §5, shared by sign-up, sign-in and password reset (change password names its own fields). */
export const passwordError = (password: string): FieldError | null =>
  PASSWORD_PATTERN.test(password) ? null : { field: 'password', message: Messages.passwordRule };

/** Texts of the account flows the spec leaves out (Google conflicts, reset, rate limits). */
export const AuthMessages = {
  googleEmailTaken:
    'An account with this email already exists. Sign in with your email and password instead.',
  googleEmailUnverified: 'Your Google email address is not verified.',
  resetMailSent: 'If an account exists for that email, we have sent it a link to reset the password.',
  resetLinkInvalid: 'This password reset link is invalid, used or expired. Please ask for a new one.',
  passwordResetDone: 'Your password has been reset. Please sign in.',
  tooManySignIns: 'Too many sign-in attempts',
  tooManySignUps: 'Too many sign-ups from this network',
  tooManyResets: 'Too many password reset requests',
  /** The web app's word when the server refuses the stored token (revoked, expired, password changed). */
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

const text = z.string().max(1000);
/** A missing field is an empty one, so it gets SPEC §5's message ('Enter email', 'Please fill all the fields'...). */
const field = text.default('');

export const SignUpBody = z.object({ fullname: field, email: field, password: field });
export type SignUpBody = z.infer<typeof SignUpBody>;

export const SignInBody = z.object({ email: field, password: field });
export type SignInBody = z.infer<typeof SignInBody>;

export const GoogleAuthBody = z.object({ access_token: z.string().min(1).max(10_000) });
export type GoogleAuthBody = z.infer<typeof GoogleAuthBody>;

/** SPEC.md §3 Session: what sign-in answers and the web app stores under `user`. */
export const Session = z.object({
  access_token: z.string(),
  username: z.string(),
  fullname: z.string(),
  profile_img: z.string(),
  new_notification_available: z.boolean(),
});
export type Session = z.infer<typeof Session>;

export const ForgotPasswordBody = z.object({ email: field });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password: field });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
/** What forgot-password and reset-password answer on success. */
export const AuthNotice = z.object({ message: z.string() });
export type AuthNotice = z.infer<typeof AuthNotice>;
export const ChangePasswordBody = z.object({ currentPassword: field, newPassword: field });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** `googleScriptUrl` (Google Identity Services, or a local stand-in) comes only with a client id. */
export const PublicConfig = z.object({ googleClientId: z.string().nullable(), googleScriptUrl: z.string().optional() });
export type PublicConfig = z.infer<typeof PublicConfig>;

export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

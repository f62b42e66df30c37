import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { ErrorCode } from './error-codes.ts';
import { Limits } from './limits.ts';
import { AltchaPayload } from './proof-of-work.ts';
import { REGISTRATIONS } from './site-settings.ts';

const text = z.string().max(1000);
/** A missing field is an empty one, so it gets docs/product/rules.md's message ('Enter email', 'Please fill all the fields'...). */
const field = text.default('');

/**
 * What a new member brings where the site does not take everyone (site-settings.ts): why they want
 * to join (`approval`), or the token of their invitation link (`invite`). Ignored on an open site.
 */
const joining = {
  reason: z.string().trim().max(Limits.applicationReasonMax).optional(),
  invite: z.string().max(200).optional(),
};

/** `altcha`: a solved proof-of-work challenge, needed where the site asks for one (PublicConfig `proofOfWork`), ignored elsewhere. */
export const SignUpBody = z.object({
  fullname: field,
  email: field,
  password: field,
  ...joining,
  altcha: AltchaPayload.optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** What sign-up and a first Google sign-in answer (202) on a site that reviews who joins: the application is with its staff. */
export const ApplicationReceived = z.object({ status: z.literal('applied'), message: z.string() });
export type ApplicationReceived = z.infer<typeof ApplicationReceived>;

export const SignInBody = z.object({ email: field, password: field });
export type SignInBody = z.infer<typeof SignInBody>;

export const GoogleAuthBody = z.object({ access_token: z.string().min(1).max(10_000), ...joining });
export type GoogleAuthBody = z.infer<typeof GoogleAuthBody>;

/** docs/product/data.md Session: what sign-in answers and the web app stores under `user`. */
export const Session = z.object({
  access_token: z.string(),
  username: z.string(),
  fullname: z.string(),
  profile_img: ImageUrl,
  new_notification_available: z.boolean(),
});
export type Session = z.infer<typeof Session>;

/** What sign-out answers: the session is revoked on the server. */
export const SignOutResponse = z.object({ success: z.literal(true) });

export const ForgotPasswordBody = z.object({ email: field });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password: field });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
/**
 * What e-mail verification (site-settings.ts emailVerification) answers: a new link mailed, an
 * address confirmed, and its rate limits. Only signed-in screens show them (a zod module: never on a reading page).
 */
export const VerificationMessages = {
  linkMailed: 'We have mailed you a new link: open it to confirm your e-mail address.',
  confirmed: 'Your e-mail address is confirmed. Thank you!',
  tooManyMails: 'Too many confirmation mails',
  tooManyConfirmations: 'Too many confirmation attempts',
} as const;

/** `POST /api/user/verify-email`: the token of a mailed confirmation link (site-settings.ts emailVerification). */
export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;
/** What forgot-password, reset-password, verify-email and resend-verification answer on success. */
export const AuthNotice = z.object({ message: z.string() });
export type AuthNotice = z.infer<typeof AuthNotice>;
export const ChangePasswordBody = z.object({ currentPassword: field, newPassword: field });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export const ChangePasswordResponse = z.object({ status: z.literal('done') });

/**
 * `googleScriptUrl` (Google Identity Services, or a local stand-in) comes only with a client id;
 * `registration` says what the sign-up form must ask for; `proofOfWork`, whether sign-up and a
 * visitor's subscription must carry a solved challenge (proof-of-work.ts).
 */
export const PublicConfig = z.object({
  googleClientId: z.string().nullable(),
  googleScriptUrl: z.string().optional(),
  registration: z.enum(REGISTRATIONS),
  proofOfWork: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const ErrorBody = z.object({ error: z.string(), code: ErrorCode });

/** `GET /api/health`: the database answers (else 503 with an ErrorBody). */
export const HealthResponse = z.object({ status: z.literal('ok') });
export type ErrorBody = z.infer<typeof ErrorBody>;

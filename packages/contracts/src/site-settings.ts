import { z } from 'zod';

/**
 * Who may create an account: anyone (`open`, a new site's choice), whoever the staff approve after
 * reading why they want to join (`approval`), whoever holds an invitation link (`invite`), or nobody (`closed`).
 */
export const REGISTRATIONS = ['open', 'approval', 'invite', 'closed'] as const;
export type Registration = (typeof REGISTRATIONS)[number];

/** How many of a member's blogs must reach readers (approved, or published while review was off) before they are trusted. */
export const TRUSTED_AFTER = { min: 1, max: 100, default: 3 } as const;

/**
 * The site's settings, as admins read and change them at /admin/settings. A new site has every
 * defence off, so that a client written to the original API works as it always did; each one
 * turned on is a departure such clients are told of by an error code (docs/departures.md).
 */
export const SiteSettings = z.object({
  registration: z.enum(REGISTRATIONS),
  /** Accounts younger than a day get a fifth of every per-account rate limit (a spam wave's accounts are new). */
  youngAccountLimits: z.boolean(),
  /** An account made with a password must confirm its e-mail address by mail before it publishes or comments (needs SMTP_URL). */
  emailVerification: z.boolean(),
  /** Sign-up and a visitor's e-mail subscription must carry a solved proof-of-work challenge (ALTCHA). */
  proofOfWork: z.boolean(),
  /** The blogs of members not yet trusted wait for a moderator's approval before anyone else sees them. */
  reviewNewMembers: z.boolean(),
  /** A member is trusted once this many of their blogs have reached readers. */
  trustedAfter: z.number().int().min(TRUSTED_AFTER.min).max(TRUSTED_AFTER.max),
  /** Every defence above at once, whatever each one's own setting, while a spam wave lasts. */
  spamWave: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** The defences a setting can turn on, and that the spam-wave switch turns on all together. */
export type Defence = 'youngAccountLimits' | 'emailVerification' | 'proofOfWork' | 'reviewNewMembers';

/**
 * Whether a defence holds now: its own setting, or the spam-wave switch. E-mail verification
 * holds only where the server can send mail (`canMail`): without it nobody could ever verify.
 */
export const defenceOn = <D extends Defence>(
  settings: Pick<SiteSettings, D | 'spamWave'>,
  defence: D,
  canMail: boolean,
) => (settings[defence] || settings.spamWave) && (defence !== 'emailVerification' || canMail);

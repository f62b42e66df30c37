import { z } from 'zod';

/**
 * Who may create an account: anyone (`open`, a new site's choice), whoever the staff approve after
 * reading why they want to join (`approval`), whoever holds an invitation link (`invite`), or nobody (`closed`).
 */
export const REGISTRATIONS = ['open', 'approval', 'invite', 'closed'] as const;
export type Registration = (typeof REGISTRATIONS)[number];

/** The site's settings, as admins read and change them at /admin/settings. */
export const SiteSettings = z.object({
  registration: z.enum(REGISTRATIONS),
  /** Accounts younger than a day get a fifth of every per-account rate limit (a spam wave's accounts are new). */
  youngAccountLimits: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

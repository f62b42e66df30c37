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
});
export type SiteSettings = z.infer<typeof SiteSettings>;

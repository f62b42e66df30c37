import { z } from 'zod';

/** Who may create an account: anyone (`open`, a new site's choice), or nobody (`closed`). */
export const REGISTRATIONS = ['open', 'closed'] as const;
export type Registration = (typeof REGISTRATIONS)[number];

/** The site's settings, as admins read and change them at /admin/settings. */
export const SiteSettings = z.object({
  registration: z.enum(REGISTRATIONS),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

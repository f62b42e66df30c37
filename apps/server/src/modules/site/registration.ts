import type { Executor } from '../../db/client.ts';
import { forbidden } from '../../http-error.ts';
import { readSiteSettings } from './site-settings.repository.ts';

/**
 * Refuses a new account unless the site takes new members. Every way an account is made (sign-up,
 * a first Google or Firebase sign-in) asks this first.
 */
export async function assertRegistrationOpen(db: Executor) {
  const { registration } = await readSiteSettings(db);
  if (registration === 'closed') throw forbidden('registration_closed');
}

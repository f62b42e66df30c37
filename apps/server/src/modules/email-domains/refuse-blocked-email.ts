import { domainsCovering, normaliseEmailDomain } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { forbidden } from '../../http-error.ts';
import { anyBlocked } from './blocked-email-domains.repository.ts';

/**
 * Refuses (403 `email_domain_blocked`) an address on a blocked domain or under one: asked by every
 * way of joining (sign-up, a first Google or Firebase sign-in, an application, an invitation, an
 * approval) and by a visitor's subscription. Members already in are never asked again.
 */
export async function refuseBlockedEmail(db: Executor, email: string) {
  const domain = normaliseEmailDomain(email);
  if (domain && (await anyBlocked(db, domainsCovering(domain)))) throw forbidden('email_domain_blocked');
}

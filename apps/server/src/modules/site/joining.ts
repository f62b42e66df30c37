import { createHash } from 'node:crypto';
import type { ApplicationReceived } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden } from '../../http-error.ts';
import { refuseBlockedEmail } from '../email-domains/index.ts';
import { insertApplication, isInviteUsable, useInvite } from './joining.repository.ts';
import { readSiteSettings } from './site-settings.repository.ts';

/*
 * Who may join, by the site's registration setting: anyone (open), whoever holds an invitation
 * link (invite), whoever the staff approve (approval: the newcomer applies instead of getting an
 * account), or nobody (closed). Every way of making an account (sign-up, a first Google or
 * Firebase sign-in) asks `admission` first, before it looks the e-mail up, so a closed site
 * tells nobody who has an account; an address on a blocked e-mail domain is refused whatever the setting.
 */

/** How a newcomer may join now: an account at once (with the invitation to use), or an application. */
export type Admission = { kind: 'account'; inviteHash?: string } | { kind: 'application'; reason: string };

/** An invitation token's hash: only the hash is stored. */
export const inviteHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function admission(
  db: Executor,
  { reason, invite, email }: { reason?: string; invite?: string; email: string },
) {
  const { registration } = await readSiteSettings(db);
  if (registration === 'closed') throw forbidden('registration_closed');
  await refuseBlockedEmail(db, email);
  switch (registration) {
    case 'approval': {
      if (!reason) throw badRequest('application_reason_required');
      return { kind: 'application', reason } satisfies Admission;
    }
    case 'invite': {
      if (!invite) throw forbidden('invite_required');
      const hash = inviteHash(invite);
      if (!(await isInviteUsable(db, hash))) throw forbidden('invite_invalid');
      return { kind: 'account', inviteHash: hash } satisfies Admission;
    }
    case 'open':
      return { kind: 'account' } satisfies Admission;
  }
}

/** In the transaction that makes the account: uses its invitation, refused if it was used up meanwhile. */
export async function admit(tx: Executor, admitted: Admission) {
  if (admitted.kind === 'account' && admitted.inviteHash && !(await useInvite(tx, admitted.inviteHash)))
    throw forbidden('invite_invalid');
}

export const APPLICATION_RECEIVED: ApplicationReceived = {
  status: 'applied',
  message: 'Thank you: the site’s staff will read your application, and you will hear from them by mail.',
};

/** Keeps an application for the staff to decide; one per e-mail address. */
export async function apply(
  db: Executor,
  application: { fullname: string; email: string; reason: string } & (
    { passwordHash: string; googleSub: null } | { passwordHash: null; googleSub: string }
  ),
): Promise<ApplicationReceived> {
  try {
    await insertApplication(db, application);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('application_pending');
    throw error;
  }
  return APPLICATION_RECEIVED;
}

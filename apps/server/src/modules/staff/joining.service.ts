import { randomBytes } from 'node:crypto';
import type {
  Application,
  ApplicationsResponse,
  CreateInviteBody,
  CreateInviteResponse,
  DecideApplicationBody,
  Invite,
  InvitesResponse,
  RevokeInviteBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../http-error.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import {
  insertInvite,
  inviteHash,
  listApplications,
  listInvites,
  revokeInviteRow,
  takeApplication,
  type ApplicationRow,
  type InviteRow,
} from '../site/index.ts';
import { refuseBlockedEmail } from '../email-domains/index.ts';
import { createUser } from '../users/index.ts';
import { memberTarget, writeLogLine } from './moderation-log.ts';
import { queueApplicantMail } from './staff-action-mail.ts';

/* The admins' side of who may join: the applications to decide, and the invitation links. */

const presentApplication = (row: ApplicationRow): Application => ({
  _id: row.id,
  fullname: row.fullname,
  email: row.email,
  reason: row.reason,
  method: row.passwordHash === null ? 'google' : 'password',
  createdAt: row.createdAt.toISOString(),
});

export async function applicationsPage(db: Db, page: number): Promise<ApplicationsResponse> {
  const { rows, total } = await listApplications(db, page);
  return { applications: rows.map(presentApplication), totalDocs: total };
}

/**
 * Approves an application (its account is made as it was asked for) or rejects it, in one
 * transaction with its log line and the mail to the applicant; two admins deciding the same one
 * at once: the second is told it is decided. An address whose domain was blocked since it applied
 * is not approved. As after a sign-up, a password account's address is not confirmed yet (a
 * Google account's is, by Google).
 */
export async function decideApplication(db: Db, actor: SessionUser, { id, approve, reason }: DecideApplicationBody) {
  try {
    return await db.transaction(async (tx) => {
      const application = await takeApplication(tx, id);
      if (!application) throw notFound('application_not_found');
      const { fullname, email, passwordHash, googleSub } = application;
      if (approve) await refuseBlockedEmail(tx, email);
      const user = approve
        ? await createUser(tx, { fullname, email, passwordHash, googleSub, emailVerified: googleSub !== null })
        : undefined;
      await writeLogLine(tx, actor, {
        action: approve ? 'application_approve' : 'application_reject',
        target: user ? memberTarget(user) : { type: 'applicant', id, label: email },
        detail: approve ? 'applied → member' : 'applied → rejected',
        reason,
      });
      await queueApplicantMail(tx, { email, fullname, approved: approve, reason });
      return { approved: approve, username: user?.username ?? null };
    });
  } catch (error) {
    // An account with this e-mail was made meanwhile (a Google sign-in on a site opened since).
    if (isUniqueViolation(error)) throw conflict('email_taken');
    throw error;
  }
}

function presentInvite(row: InviteRow, now = new Date()): Invite {
  return {
    _id: row.id,
    note: row.note,
    createdBy: row.createdByUsername,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    uses: row.uses,
    usable: row.revokedAt === null && row.expiresAt > now && row.uses < row.maxUses,
  };
}

export async function invitesPage(db: Db, page: number): Promise<InvitesResponse> {
  const { rows, total } = await listInvites(db, page);
  return { invites: rows.map((row) => presentInvite(row)), totalDocs: total };
}

const DAY_MS = 86_400_000;

/** A new invitation link: its token is answered once, only its hash kept. */
export async function createInvite(
  db: Db,
  actor: SessionUser,
  { note, days, maxUses }: CreateInviteBody,
): Promise<CreateInviteResponse> {
  const token = randomBytes(24).toString('base64url');
  return db.transaction(async (tx) => {
    const row = await insertInvite(tx, {
      tokenHash: inviteHash(token),
      note,
      createdBy: actor.id,
      createdByUsername: actor.username,
      expiresAt: new Date(Date.now() + days * DAY_MS),
      maxUses,
    });
    await writeLogLine(tx, actor, {
      action: 'invite_create',
      target: { type: 'invite', id: row.id, label: note || 'an invitation link' },
      detail: `${maxUses} use${maxUses === 1 ? '' : 's'}, ${days} day${days === 1 ? '' : 's'}`,
      reason: '',
    });
    return { invite: presentInvite(row), token };
  });
}

export async function revokeInvite(db: Db, actor: SessionUser, { id, reason }: RevokeInviteBody) {
  return db.transaction(async (tx) => {
    const row = await revokeInviteRow(tx, id);
    if (!row) throw notFound('invite_not_found');
    await writeLogLine(tx, actor, {
      action: 'invite_revoke',
      target: { type: 'invite', id, label: row.note || 'an invitation link' },
      detail: 'usable → revoked',
      reason,
    });
    return { invite: presentInvite(row) };
  });
}

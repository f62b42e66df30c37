import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DELETED_MEMBER } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { bulkActionMembers, bulkActions, blockedEmailDomains, invites, moderationLog } from '../../db/schema/index.ts';

/**
 * The staff's records keep what was done, when, why and by whom, but not whom once they leave
 * (a handler of users' `leaving` event): where a line of the moderation log, an invitation, a
 * bulk action or a blocked e-mail domain names a member who deletes their account, it names
 * DELETED_MEMBER instead; a line about them keeps no id of theirs, and a bulk action still to reach
 * them reaches an id nobody has (and skips it, as it skips every account that is gone). What the
 * staff wrote themselves (a reason) is theirs, and stays.
 */
export async function anonymiseStaffRecordsOf(
  tx: Executor,
  { userId, username, email }: { userId: string; username: string; email: string },
) {
  const actedByThem = eq(moderationLog.actorId, userId);
  const aboutThem = or(
    and(eq(moderationLog.targetType, 'user'), eq(moderationLog.targetId, userId)),
    and(eq(moderationLog.targetType, 'applicant'), sql`lower(${moderationLog.targetLabel}) = lower(${email})`),
  )!;
  const theirs = (named: SQL, name: SQL | PgColumn) => sql`case when ${named} then ${DELETED_MEMBER} else ${name} end`;
  // A hand-over's detail is `<owner then> → <owner since>` (usernames never hold the arrow).
  const [handedBy, handedTo] = [1, 2].map((part) => sql`split_part(${moderationLog.detail}, ' → ', ${part})`);
  await tx
    .update(moderationLog)
    .set({
      actorUsername: theirs(actedByThem, moderationLog.actorUsername),
      targetId: sql`case when ${aboutThem} then '' else ${moderationLog.targetId} end`,
      targetLabel: theirs(aboutThem, moderationLog.targetLabel),
      detail: sql`case when ${moderationLog.action} = 'transfer_ownership'
        then ${theirs(actedByThem, handedBy!)} || ' → ' || ${theirs(aboutThem, handedTo!)}
        else ${moderationLog.detail} end`,
    })
    .where(or(actedByThem, aboutThem));
  await tx.update(invites).set({ createdByUsername: DELETED_MEMBER }).where(eq(invites.createdBy, userId));
  await tx.update(bulkActions).set({ actorUsername: DELETED_MEMBER }).where(eq(bulkActions.actorId, userId));
  await tx
    .update(bulkActionMembers)
    .set({ userId: sql`gen_random_uuid()` })
    .where(eq(bulkActionMembers.userId, userId));
  await tx
    .update(blockedEmailDomains)
    .set({ createdByUsername: DELETED_MEMBER })
    .where(eq(blockedEmailDomains.createdByUsername, username));
}

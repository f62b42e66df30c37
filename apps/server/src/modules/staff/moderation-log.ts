import { count, desc } from 'drizzle-orm';
import { Limits, type ModerationLogEntry } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { moderationLog } from '../../db/schema/index.ts';
import { notifyOfStaffAction } from '../notifications/index.ts';
import { queueStaffActionMail } from './staff-action-mail.ts';

export interface LogLine {
  action: ModerationLogEntry['action'];
  target: ModerationLogEntry['target'];
  detail: string;
  reason: string;
}

/** A member as the moderation log names them: by id, and by their username then (the line outlives the account). */
export const memberTarget = (member: { id: string; username: string }): LogLine['target'] => ({
  type: 'user',
  id: member.id,
  label: member.username,
});

/** Writes one line of the moderation log: in the transaction of the action, so there is never an action without its line. Answers its id. */
export async function writeLogLine(tx: Executor, actor: { id: string | null; username: string }, line: LogLine) {
  const [row] = await tx
    .insert(moderationLog)
    .values({
      actorId: actor.id,
      actorUsername: actor.username,
      action: line.action,
      targetType: line.target.type,
      targetId: line.target.id,
      targetLabel: line.target.label,
      detail: line.detail,
      reason: line.reason,
    })
    .returning({ id: moderationLog.id });
  return row!.id;
}

/** Logs a staff action on a member or on what they wrote, and tells the member what and why: a notification, and a mail. */
export async function logAndTell(
  tx: Executor,
  actor: { id: string; username: string },
  memberId: string,
  line: LogLine,
) {
  const told = { memberId, logLineId: await writeLogLine(tx, actor, line) };
  await notifyOfStaffAction(tx, told);
  await queueStaffActionMail(tx, told);
}

export async function readLog(
  db: Executor,
  page: number,
): Promise<{ entries: ModerationLogEntry[]; totalDocs: number }> {
  const rows = await db
    .select()
    .from(moderationLog)
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(Limits.staffPageSize)
    .offset((page - 1) * Limits.staffPageSize);
  const [{ total }] = (await db.select({ total: count() }).from(moderationLog)) as [{ total: number }];
  return {
    entries: rows.map((row) => ({
      _id: row.id,
      actor: row.actorUsername,
      action: row.action as ModerationLogEntry['action'],
      target: {
        type: row.targetType as ModerationLogEntry['target']['type'],
        id: row.targetId,
        label: row.targetLabel,
      },
      detail: row.detail,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    totalDocs: total,
  };
}

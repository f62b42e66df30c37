import type {
  Actor,
  BulkAction,
  BulkActionResponse,
  BulkActionsResponse,
  BulkStandingBody,
  MembersMatchingBody,
  MembersResponse,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { conflict, HttpError, notFound } from '../../http-error.ts';
import type { BlogEventHandlers } from '../blogs/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { changeStanding, presentMember } from './members.service.ts';
import {
  findBulkAction,
  insertBulkAction,
  listBulkActions,
  listMatching,
  markMemberDone,
  pendingMembers,
  type BulkActionRow,
} from './spam-waves.repository.ts';

export const BULK_ACTION_QUEUE = 'bulk-action';

const presentBulkAction = (row: BulkActionRow): BulkAction => ({
  _id: row.id,
  action: row.action,
  reason: row.reason,
  total: row.total,
  done: row.done,
  status: row.done >= row.total ? 'done' : 'running',
  createdAt: row.createdAt.toISOString(),
  createdBy: row.actorUsername,
});

/** The preview: who a filter matches now, as the members page shows them. */
export async function membersMatching(
  db: Executor,
  actor: Actor,
  { filter, page }: MembersMatchingBody,
): Promise<MembersResponse> {
  const { members, total } = await listMatching(db, filter, page);
  return { members: members.map((row) => presentMember(actor, row)), totalDocs: total };
}

/**
 * The job that works through a bulk action from where it stands, keyed by how far that is: a job
 * run again after it queued its successor queues none twice.
 */
const queueBatch = (db: Executor, { id, done }: { id: string; done: number }) =>
  enqueueJob(db, { queue: BULK_ACTION_QUEUE, payload: { id }, key: `${BULK_ACTION_QUEUE}:${id}:${done}` });

/**
 * Starts changing the standing of every member the filter matches: they are frozen into the bulk
 * action, and unless they are as many as the admin saw (`expected`), nothing is done.
 */
export function startBulkStanding(
  db: Db,
  actor: { id: string; username: string },
  { filter, standing, reason, expected }: BulkStandingBody,
): Promise<BulkActionResponse> {
  return db.transaction(async (tx) => {
    const row = await insertBulkAction(tx, { action: standing, reason, filter, actor });
    if (row.total !== expected) throw conflict('bulk_count_changed');
    await queueBatch(tx, row);
    return { bulkAction: presentBulkAction(row) };
  });
}

export async function bulkActionById(db: Executor, id: string): Promise<BulkActionResponse> {
  const row = await findBulkAction(db, id);
  if (!row) throw notFound('bulk_action_not_found');
  return { bulkAction: presentBulkAction(row) };
}

export async function bulkActionsPage(db: Executor, page: number): Promise<BulkActionsResponse> {
  const { rows, total } = await listBulkActions(db, page);
  return { bulkActions: rows.map(presentBulkAction), totalDocs: total };
}

/**
 * Works through up to `size` members of a bulk action not yet done, each in a transaction of its
 * own that marks them done: through the same change of standing as one member's (its log line,
 * notice, mail, withheld blogs, ended sessions), as the admin who started it, under the rules as
 * they are now. A member the rules no longer allow (made staff since, the admin demoted) or whose
 * account is gone is skipped, and so is one already in that standing: nobody is changed twice.
 * Answers the action as it stands after, and whether members are left.
 */
export async function workThroughBatch(db: Db, events: BlogEventHandlers, id: string, size: number) {
  const action = await findBulkAction(db, id);
  if (!action) return { action, more: false };
  const { actorId, actorUsername: username, action: standing, reason } = action;
  for (const userId of await pendingMembers(db, id, size)) {
    await db.transaction(async (tx) => {
      if (!(await markMemberDone(tx, id, userId)) || !actorId) return;
      try {
        await changeStanding(tx, events, { id: actorId, username }, { id: userId, standing, reason }, true);
      } catch (error) {
        // Refused or gone: the savepoint of the change rolled back, the member stays marked done.
        if (!(error instanceof HttpError && (error.status === 403 || error.status === 404))) throw error;
      }
    });
  }
  const after = (await findBulkAction(db, id))!;
  return { action: after, more: after.done < after.total };
}

/** The bulk action's job: a batch, then the next batch's job, so no job runs long and none outlives its lease. */
export async function runBulkActionJob(db: Db, events: BlogEventHandlers, id: string, size: number) {
  const { action, more } = await workThroughBatch(db, events, id, size);
  if (action && more) await queueBatch(db, action);
}

import {
  bulkDeleteConfirmation,
  type Actor,
  type BulkAction,
  type BulkActionResponse,
  type BulkActionsResponse,
  type BulkDeleteBody,
  type BulkStandingBody,
  type MembersMatchingBody,
  type MembersResponse,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http-error.ts';
import type { BlogEventHandlers } from '../blogs/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { UserEventHandlers } from '../users/index.ts';
import { changeStanding, deleteMemberAccount, presentMember } from './members.service.ts';
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

/** The events a member's change runs: a blog's (withheld or deleted), and a member leaving. */
type BulkEvents = { blogs: BlogEventHandlers; users: UserEventHandlers };

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
 * Starts a bulk action on every member the filter matches: they are frozen into it, and unless they
 * are as many as the admin saw (`expected`), nothing is done.
 */
function startBulkAction(
  db: Db,
  actor: { id: string; username: string },
  {
    filter,
    action,
    reason,
    expected,
  }: Pick<BulkStandingBody, 'filter' | 'reason' | 'expected'> & { action: BulkAction['action'] },
): Promise<BulkActionResponse> {
  return db.transaction(async (tx) => {
    const row = await insertBulkAction(tx, { action, reason, filter, actor });
    if (row.total !== expected) throw conflict('bulk_count_changed');
    await queueBatch(tx, row);
    return { bulkAction: presentBulkAction(row) };
  });
}

/** `POST /api/admin/bulk-standing`: silences, suspends or restores them all. */
export const startBulkStanding = (
  db: Db,
  actor: { id: string; username: string },
  { standing, ...body }: BulkStandingBody,
) => startBulkAction(db, actor, { ...body, action: standing });

/** `POST /api/admin/bulk-delete`: deletes them all, once `delete <expected>` is typed. */
export function startBulkDelete(db: Db, actor: { id: string; username: string }, { confirm, ...body }: BulkDeleteBody) {
  if (confirm.trim().toLowerCase() !== bulkDeleteConfirmation(body.expected)) throw badRequest('confirmation_mismatch');
  return startBulkAction(db, actor, { ...body, action: 'delete' });
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
export async function workThroughBatch(db: Db, events: BulkEvents, id: string, size: number) {
  const action = await findBulkAction(db, id);
  if (!action) return { action, more: false };
  const { actorId, actorUsername: username, action: kind, reason } = action;
  for (const userId of await pendingMembers(db, id, size)) {
    await db.transaction(async (tx) => {
      if (!(await markMemberDone(tx, id, userId)) || !actorId) return;
      try {
        const actor = { id: actorId, username };
        if (kind === 'delete') await deleteMemberAccount(tx, events, actor, { id: userId, reason }, true);
        else await changeStanding(tx, events.blogs, actor, { id: userId, standing: kind, reason }, true);
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
export async function runBulkActionJob(db: Db, events: BulkEvents, id: string, size: number) {
  const { action, more } = await workThroughBatch(db, events, id, size);
  if (action && more) await queueBatch(db, action);
}

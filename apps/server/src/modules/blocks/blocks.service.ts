import {
  Limits,
  type BlockBody,
  type BlockedUsersBody,
  type BlockResponse,
  type FixedErrorCode,
} from '@inkwell/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import { findUserByUsername } from '../users/index.ts';
import type { BlockEventHandlers } from './block-events.ts';
import { presentBlockedUser } from './blocks.presenter.ts';
import {
  blockStanding,
  countBlocked,
  deleteBlock,
  insertBlock,
  listBlocked,
  lockPair,
  type BlockStanding,
} from './blocks.repository.ts';

/** The member a request names, who is not the caller. */
async function memberNamed(db: Executor, username: string, callerId: string) {
  const member = username.trim() ? await findUserByUsername(db, username.trim()) : undefined;
  if (!member) throw notFound('user_not_found');
  if (member.id === callerId) throw badRequest('self_block');
  return member;
}

/**
 * Blocks `username` (or unblocks them). A new block runs its handlers in its transaction (the
 * follows between the two end); repeating a request changes nothing. Nobody is told.
 */
export async function blockUser(
  db: Db,
  handlers: BlockEventHandlers,
  blockerId: string,
  { username, block }: BlockBody,
): Promise<BlockResponse> {
  return db.transaction(async (tx) => {
    const member = await memberNamed(tx, username, blockerId);
    const pair = { blockerId, blockedId: member.id };
    await lockPair(tx, blockerId, member.id);
    if (!block) await deleteBlock(tx, pair);
    else if (await insertBlock(tx, pair)) {
      for (const handler of handlers.blocked) await handler(tx, pair);
    }
    return { blocked: block };
  });
}

export async function isBlocked(db: Db, blockerId: string, username: string): Promise<BlockResponse> {
  const member = await memberNamed(db, username, blockerId);
  return { blocked: (await standingWith(db, blockerId, member.id)) === 'blocker' };
}

export async function blockedUsers(db: Db, blockerId: string, { page, deletedDocCount }: BlockedUsersBody) {
  // Members unblocked since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (page - 1) * Limits.pageSize - deletedDocCount);
  return { users: (await listBlocked(db, blockerId, offset, Limits.pageSize)).map(presentBlockedUser) };
}

export async function blockedUsersCount(db: Db, blockerId: string) {
  return { totalDocs: await countBlocked(db, blockerId) };
}

async function standingWith(db: Executor, userId: string, otherId: string): Promise<BlockStanding> {
  const [row] = await queryRows<{ standing: BlockStanding }>(
    db,
    sql`select ${blockStanding(userId, otherId)} as standing`,
  );
  return row!.standing;
}

type RefusedByThem = Extract<FixedErrorCode, 'blocked_by_author' | 'blocked_by_commenter' | 'blocked_by_member'>;

/**
 * Refuses what a member asked towards another they stand with as `standing` (blockStanding): a
 * blocker is told they blocked them, and a member the other blocked gets `byThem`.
 */
export function refuseOnBlock(standing: BlockStanding, byThem: RefusedByThem): void {
  if (standing === 'blocker') throw forbidden('member_blocked');
  if (standing === 'blocked') throw forbidden(byThem);
}

/**
 * Refuses `userId` something towards `otherId` (a follow) when either blocked the other
 * (refuseOnBlock). In the caller's transaction, under the pair's lock, so a block made meanwhile is
 * seen and the caller's write either lands before it (the block then ends it) or is refused. A
 * comment asks blockStanding in its own statement instead: a block ends nothing of a comment, so one
 * landing just before a block is as if it had come first.
 */
export async function refuseIfBlocked(
  tx: Executor,
  userId: string,
  otherId: string,
  byThem: RefusedByThem,
): Promise<void> {
  if (userId === otherId) return;
  await lockPair(tx, userId, otherId);
  refuseOnBlock(await standingWith(tx, userId, otherId), byThem);
}

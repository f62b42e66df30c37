import {
  Limits,
  type BlockBody,
  type BlockedUsersBody,
  type BlockResponse,
  type FixedErrorCode,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http-error.ts';
import { findUserByUsername } from '../users/index.ts';
import type { BlockEventHandlers } from './block-events.ts';
import { presentBlockedUser } from './blocks.presenter.ts';
import {
  countBlocked,
  deleteBlock,
  findBlocksBetween,
  insertBlock,
  listBlocked,
  lockPair,
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
  const blocks = await findBlocksBetween(db, blockerId, member.id);
  return { blocked: blocks.some((b) => b.blockerId === blockerId) };
}

export async function blockedUsers(db: Db, blockerId: string, { page, deletedDocCount }: BlockedUsersBody) {
  // Members unblocked since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (page - 1) * Limits.pageSize - deletedDocCount);
  return { users: (await listBlocked(db, blockerId, offset, Limits.pageSize)).map(presentBlockedUser) };
}

export async function blockedUsersCount(db: Db, blockerId: string) {
  return { totalDocs: await countBlocked(db, blockerId) };
}

/**
 * Refuses `userId` something towards `otherId` (a comment on their blog, a reply to them, a
 * follow) when either blocked the other: `byThem` when `otherId` blocked the caller, and a blocker
 * is told they blocked them. In the caller's transaction, under the pair's lock, so a block made
 * meanwhile is seen and the caller's write either lands before it or is refused.
 */
export async function refuseIfBlocked(
  tx: Executor,
  userId: string,
  otherId: string,
  byThem: Extract<FixedErrorCode, 'blocked_by_author' | 'blocked_by_commenter' | 'blocked_by_member'>,
): Promise<void> {
  if (userId === otherId) return;
  await lockPair(tx, userId, otherId);
  const blocks = await findBlocksBetween(tx, userId, otherId);
  if (blocks.some((b) => b.blockerId === userId)) throw forbidden('member_blocked');
  if (blocks.length > 0) throw forbidden(byThem);
}

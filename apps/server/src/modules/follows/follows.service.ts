import type { FollowBody, FollowResponse } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { refuseIfBlocked, type MemberBlock } from '../blocks/index.ts';
import { addToFollowCounters, findUserByUsername } from '../users/index.ts';
import {
  countFollowers,
  deleteFollow,
  findFollow,
  followsOf,
  insertFollow,
  type Follow,
} from './follows.repository.ts';

/** The author a request names, who is not the caller. */
async function authorNamed(db: Executor, username: string, followerId: string) {
  const author = username.trim() ? await findUserByUsername(db, username.trim(), { asSeenByOthers: true }) : undefined;
  if (!author) throw notFound('user_not_found');
  if (author.id === followerId) throw badRequest('self_follow');
  return author;
}

/** Ends a follow, if there is one: both users' counters drop with the row, and only then. */
async function unfollow(tx: Executor, follow: Follow) {
  if (await deleteFollow(tx, follow)) await addToFollowCounters(tx, follow, -1);
}

/**
 * Sets the caller's follow of `username` to the opposite of `isFollowing`. Repeating a request
 * changes nothing, so two identical ones at once leave one follow; both users' counters move in the
 * same transaction as the row, and only when a row was really added or removed. Nobody follows a
 * member they blocked or who blocked them; anyone may stop following.
 */
export async function followUser(
  db: Db,
  followerId: string,
  { username, isFollowing }: FollowBody,
): Promise<FollowResponse> {
  const following = !isFollowing;
  return db.transaction(async (tx) => {
    const author = await authorNamed(tx, username, followerId);
    const follow = { followerId, authorId: author.id };
    if (!following) await unfollow(tx, follow);
    else {
      await refuseIfBlocked(tx, followerId, author.id, 'blocked_by_member');
      if (await insertFollow(tx, follow)) await addToFollowCounters(tx, follow, 1);
    }
    return { following, total_followers: await countFollowers(tx, author.id) };
  });
}

/** A handler of a new block, in its transaction: neither member follows the other any more. */
export async function endFollowsBetween(tx: Executor, { blockerId, blockedId }: MemberBlock) {
  await unfollow(tx, { followerId: blockedId, authorId: blockerId });
  await unfollow(tx, { followerId: blockerId, authorId: blockedId });
}

/** A leaving member's follows end, either side (users' `leaving` event), each with both counters. */
export async function endFollowsOf(tx: Executor, { userId }: { userId: string }) {
  for (const follow of await followsOf(tx, userId)) await unfollow(tx, follow);
}

export async function isFollowing(db: Db, followerId: string, username: string) {
  const author = await authorNamed(db, username, followerId);
  return { result: await findFollow(db, { followerId, authorId: author.id }) };
}

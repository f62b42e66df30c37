import type { FollowBody, FollowResponse } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { addToFollowCounters, countFollowers, findUserByUsername } from '../users/index.ts';
import { deleteFollow, findFollow, insertFollow } from './follows.repository.ts';

/** The author a request names, who is not the caller. */
async function authorNamed(db: Executor, username: string, followerId: string) {
  const author = username.trim() ? await findUserByUsername(db, username.trim()) : undefined;
  if (!author) throw notFound('user_not_found');
  if (author.id === followerId) throw badRequest('self_follow');
  return author;
}

/**
 * Sets the caller's follow of `username` to the opposite of `isFollowing`. Repeating a request
 * changes nothing, so two identical ones at once leave one follow; both users' counters move in the
 * same transaction as the row, and only when a row was really added or removed.
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
    const changed = following ? await insertFollow(tx, follow) : await deleteFollow(tx, follow);
    if (changed) await addToFollowCounters(tx, follow, following ? 1 : -1);
    return { following, total_followers: await countFollowers(tx, author.id) };
  });
}

export async function isFollowing(db: Db, followerId: string, username: string) {
  const author = await authorNamed(db, username, followerId);
  return { result: await findFollow(db, { followerId, authorId: author.id }) };
}

import { isUuid, type LikeBlogBody, type LikeBlogResponse } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { blogActivity, lockBlog } from '../blogs/index.ts';
import { deleteLike, findLiked, likedBlogsOfOthers, toggleLike } from './likes.repository.ts';

const blogNotFound = () => notFound('blog_not_found');

/**
 * Sets the reader's like to the opposite of `isLikedByUser`. Repeating a request changes nothing,
 * so two identical ones at once leave one like; the count and the author's notification change
 * in the same statement as the like itself (toggleLike).
 */
export async function likeBlog(
  db: Db,
  userId: string,
  { _id, isLikedByUser }: LikeBlogBody,
): Promise<LikeBlogResponse> {
  if (!isUuid(_id)) throw blogNotFound();
  const like = !isLikedByUser;
  const { found, changed, totalLikes } = await toggleLike(db, userId, _id, like);
  if (!found) throw blogNotFound();
  if (changed) blogActivity.changed(_id);
  return { liked_by_user: like, total_likes: totalLikes };
}

export async function isLikedByUser(db: Db, userId: string, blogId: string) {
  const liked = isUuid(blogId) ? await findLiked(db, userId, blogId) : undefined;
  if (liked === undefined) throw blogNotFound();
  return { result: liked };
}

/**
 * A leaving member's likes go (users' `leaving` event): each blog of someone else they liked counts
 * one like fewer, taken in the order of the blogs' ids, each locked as a like locks it.
 */
export async function removeLikesBy(tx: Executor, { userId }: { userId: string }) {
  for (const blogId of await likedBlogsOfOthers(tx, userId)) {
    await lockBlog(tx, blogId, { lock: 'key share', readable: false });
    if (await deleteLike(tx, userId, blogId)) await blogActivity.add(tx, blogId, { likes: -1 });
  }
}

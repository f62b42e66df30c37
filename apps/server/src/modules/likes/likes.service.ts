import { isUuid, type LikeBlogBody, type LikeBlogResponse } from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { addToActivity, lockBlog } from '../blogs/index.ts';
import { notifyLike, removeLikeNotification } from '../notifications/index.ts';
import { deleteLike, findLikeCount, findLiked, insertLike, likedBlogsOfOthers } from './likes.repository.ts';

const blogNotFound = () => notFound('blog_not_found');

/**
 * Sets the reader's like to the opposite of `isLikedByUser`. Repeating a request changes nothing,
 * so two identical ones at once leave one like; the count and the author's notification change
 * in the same transaction as the like itself.
 */
export async function likeBlog(
  db: Db,
  userId: string,
  { _id, isLikedByUser }: LikeBlogBody,
): Promise<LikeBlogResponse> {
  if (!isUuid(_id)) throw blogNotFound();
  const like = !isLikedByUser;
  return db.transaction(async (tx) => {
    // Locked against deletion only: likes of one blog go on side by side.
    const blog = await lockBlog(tx, _id, { lock: 'key share', readable: true });
    if (!blog) throw blogNotFound();
    const changed = like ? await insertLike(tx, userId, blog.id) : await deleteLike(tx, userId, blog.id);
    if (!changed) return { liked_by_user: like, total_likes: (await findLikeCount(tx, blog.id))! };
    const { totalLikes } = await addToActivity(tx, blog.id, { likes: like ? 1 : -1 });
    if (like) await notifyLike(tx, { blogId: blog.id, authorId: blog.authorId, userId });
    else await removeLikeNotification(tx, { blogId: blog.id, userId });
    return { liked_by_user: like, total_likes: totalLikes };
  });
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
    if (await deleteLike(tx, userId, blogId)) await addToActivity(tx, blogId, { likes: -1 });
  }
}

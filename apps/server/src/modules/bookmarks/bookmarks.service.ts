import {
  isUuid,
  Limits,
  type BookmarkBlogBody,
  type BookmarkBlogResponse,
  type ReadingListBody,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import { lockBlog } from '../blogs/index.ts';
import { presentReadingListBlog } from './bookmarks.presenter.ts';
import {
  countBookmarked,
  deleteBookmark,
  findBookmarked,
  insertBookmark,
  listBookmarked,
} from './bookmarks.repository.ts';

const blogNotFound = () => notFound('blog_not_found');

/**
 * Sets the reader's bookmark to the opposite of `isBookmarked`, as like-blog does with likes:
 * repeating a request changes nothing, so two identical ones at once leave one bookmark.
 */
export async function bookmarkBlog(
  db: Db,
  userId: string,
  { _id, isBookmarked }: BookmarkBlogBody,
): Promise<BookmarkBlogResponse> {
  if (!isUuid(_id)) throw blogNotFound();
  const bookmark = !isBookmarked;
  return db.transaction(async (tx) => {
    // Locked against deletion (or a return to draft) only: saves of one blog go on side by side.
    const blog = await lockBlog(tx, _id, { lock: 'key share', readable: true });
    if (!blog) throw blogNotFound();
    if (bookmark) await insertBookmark(tx, userId, blog.id);
    else await deleteBookmark(tx, userId, blog.id);
    return { bookmarked: bookmark };
  });
}

export async function isBookmarked(db: Db, userId: string, blogId: string) {
  const saved = isUuid(blogId) ? await findBookmarked(db, userId, blogId) : undefined;
  if (saved === undefined) throw blogNotFound();
  return { result: saved };
}

export async function readingList(db: Db, userId: string, { page, deletedDocCount }: ReadingListBody) {
  // Blogs removed since page 1 loaded moved the rest up; skipping fewer keeps none from being missed.
  const offset = Math.max(0, (page - 1) * Limits.pageSize - deletedDocCount);
  return { blogs: (await listBookmarked(db, userId, offset, Limits.pageSize)).map(presentReadingListBlog) };
}

export async function readingListCount(db: Db, userId: string) {
  return { totalDocs: await countBookmarked(db, userId) };
}

import { z } from 'zod';
import { BlogCard } from './blog.ts';

/**
 * `POST /api/blog/bookmark` (ours): `_id` is the Blog's `_id`; the bookmark becomes the opposite of
 * isBookmarked, like like-blog, so repeating a request changes nothing.
 */
// Any text is a possible `_id`: one that is not a readable blog's is a 404, whatever its length.
export const BookmarkBlogBody = z.object({ _id: z.string(), isBookmarked: z.boolean() });
export type BookmarkBlogBody = z.infer<typeof BookmarkBlogBody>;
export const BookmarkBlogResponse = z.object({ bookmarked: z.boolean() });
export type BookmarkBlogResponse = z.infer<typeof BookmarkBlogResponse>;

/** `POST /api/user/is-bookmarked` (ours). */
export const IsBookmarkedBody = z.object({ _id: z.string() });
export const IsBookmarkedResponse = z.object({ result: z.boolean() });

/** `POST /api/user/reading-list` (ours): the caller's saved blogs, newest save first, a page of Limits.pageSize. */
export const ReadingListBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  /** Blogs removed from the list since page 1 loaded, so the next page does not skip any. */
  deletedDocCount: z.number().int().min(0).max(100_000).default(0),
});
export type ReadingListBody = z.infer<typeof ReadingListBody>;

/** A card as every list shows it, with the `_id` its Remove button un-bookmarks by. */
export const ReadingListBlog = BlogCard.extend({ _id: z.string() });
export type ReadingListBlog = z.infer<typeof ReadingListBlog>;
export const ReadingListResponse = z.object({ blogs: z.array(ReadingListBlog) });

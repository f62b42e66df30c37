import { z } from 'zod';
import { ImageUrl } from './image-url.ts';
import { Activity } from './blog.ts';
import { Limits } from './limits.ts';

const query = z.string().max(Limits.searchQueryMax).default('');

/** `POST /api/blog/user-written-blogs`: one page of the signed-in author's own blogs. */
export const UserWrittenBlogsBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  draft: z.boolean().default(false),
  query,
  /** Blogs deleted since page 1 loaded, so the next page does not skip any. */
  deletedDocCount: z.number().int().min(0).max(100_000).default(0),
});
export type UserWrittenBlogsBody = z.infer<typeof UserWrittenBlogsBody>;

export const UserWrittenBlogsCountBody = z.object({ draft: z.boolean().default(false), query });
export type UserWrittenBlogsCountBody = z.infer<typeof UserWrittenBlogsCountBody>;

export const DashboardBlog = z.object({
  blog_id: z.string(),
  title: z.string(),
  banner: ImageUrl,
  des: z.string(),
  publishedAt: z.string().nullable(),
  /** When the author last saved it (a draft's "last edited"); likes, comments and reads do not count. */
  updatedAt: z.string(),
  draft: z.boolean(),
  /** Why staff hid the blog from readers; null unless hidden. */
  hidden_reason: z.string().nullable(),
  /** Published, waiting for a moderator's review before readers see it. */
  awaiting_review: z.boolean(),
  /** When a scheduled draft is to be published; null for every other blog. */
  publishAt: z.string().nullable(),
  activity: Activity,
});
export type DashboardBlog = z.infer<typeof DashboardBlog>;

export const UserWrittenBlogsResponse = z.object({ blogs: z.array(DashboardBlog) });

export const DeleteBlogBody = z.object({ blog_id: z.string().min(1).max(300) });
export const DeleteBlogResponse = z.object({ status: z.literal('done') });

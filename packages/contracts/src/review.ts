import { z } from 'zod';
import { Blog } from './blog.ts';
import { TRUSTS } from './policies.ts';
import { moderationReason } from './staff.ts';

/*
 * The review queue (site setting reviewNewMembers, or the spam-wave switch): a blog a member not yet
 * trusted publishes waits, seen by nobody but its author and the staff, until a moderator approves it
 * (it is published then, as if its author had pressed Publish at that moment) or rejects it (it is
 * the author's draft again, with the reason told). Trust is policies.ts isTrusted.
 */

/** `POST /api/admin/review-queue` (moderators): a page of the blogs waiting, oldest first, whole, so they can be read before a decision. */
export const ReviewQueueBody = z.object({ page: z.number().int().min(1).max(100_000).default(1) });
export type ReviewQueueBody = z.infer<typeof ReviewQueueBody>;
export const ReviewQueueResponse = z.object({ blogs: z.array(Blog), totalDocs: z.number() });
export type ReviewQueueResponse = z.infer<typeof ReviewQueueResponse>;
/** How many blogs a page of the review queue holds: each comes whole. */
export const REVIEW_QUEUE_PAGE = 5;

/** `POST /api/admin/approve-blog` and `reject-blog` (moderators): the reason is told to the author (a rejection should say why). */
export const ReviewBlogBody = z.object({ blog_id: z.string().min(1).max(200), reason: moderationReason });
export type ReviewBlogBody = z.infer<typeof ReviewBlogBody>;
export const ReviewBlogResponse = z.object({ blog_id: z.string(), approved: z.boolean() });
export type ReviewBlogResponse = z.infer<typeof ReviewBlogResponse>;

/** `POST /api/admin/member/trust` (moderators, on members ranked below them): trust by hand, distrust, or give it back to the count (`auto`). */
export const SetTrustBody = z.object({
  username: z.string().min(1).max(100),
  trust: z.enum(TRUSTS),
  reason: moderationReason,
});
export type SetTrustBody = z.infer<typeof SetTrustBody>;

import { z } from 'zod';
import { ErrorMessages, type FieldRefusal } from './error-codes.ts';

/*
 * Scheduled publishing and draft preview links (Inkwell's own calls, docs/api.md): the author's alone.
 * A scheduled blog stays a draft, with the time it is to be published, until the server publishes it.
 */

/** A moment with its offset (`2026-05-01T09:00:00+02:00` or `…Z`): a time without one would be read in the server's zone. */
export const PublishAt = z.iso.datetime({
  offset: true,
  message: ErrorMessages.publish_time_invalid,
});

export const SchedulingMessages = {
  chooseTime: 'Choose the date and time to publish at',
} as const;

/**
 * Why `publishAt` (ISO 8601, with its offset) cannot be the time a blog is published at `now`,
 * or null: it must be in the future.
 */
export function publishAtError(publishAt: string, now: Date): FieldRefusal | null {
  return Date.parse(publishAt) > now.getTime()
    ? null
    : { field: 'publishAt', code: 'publish_time_past', message: ErrorMessages.publish_time_past };
}

/** `POST /api/blog/schedule` (A): reschedules the author's scheduled or draft blog, or with `publishAt: null` makes it a plain draft again. */
export const ScheduleBlogBody = z.object({ blog_id: z.string().min(1).max(300), publishAt: PublishAt.nullable() });
export type ScheduleBlogBody = z.infer<typeof ScheduleBlogBody>;

/** `POST /api/blog/publish-now` (A): publishes the author's draft (a scheduled one, from the dashboard) at once. */
export const PublishNowBody = z.object({ blog_id: z.string().min(1).max(300) });
export type PublishNowBody = z.infer<typeof PublishNowBody>;

export const PublishingDoneResponse = z.object({ status: z.literal('done') });

/** `POST /api/blog/preview-link` and `/api/blog/revoke-preview-link` (A): the author's blog. */
export const PreviewLinkBody = z.object({ blog_id: z.string().min(1).max(300) });
export type PreviewLinkBody = z.infer<typeof PreviewLinkBody>;
/** The new link, absolute; the previous link of the blog stops working. */
export const PreviewLinkResponse = z.object({ url: z.string() });

/** `POST /api/blog/preview`: anyone holding the link's token reads the blog, as get-blog's `blog`. */
export const PreviewBody = z.object({ token: z.string().min(1).max(200) });
export type PreviewBody = z.infer<typeof PreviewBody>;

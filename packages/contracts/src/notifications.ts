import { z } from 'zod';
import { PersonalInfo } from './blog.ts';
import { CommentCan } from './comments.ts';
import { NOTIFICATION_FILTERS } from './limits.ts';

const filter = z.enum(NOTIFICATION_FILTERS).default('all');

/** `POST /notifications` (no /api prefix, docs/api.md): one page, newest first. */
export const NotificationsBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  filter,
  /** Entries deleted since page 1 loaded, so the next page does not skip any. */
  deletedDocCount: z.number().int().min(0).max(100_000).default(0),
});
export type NotificationsBody = z.infer<typeof NotificationsBody>;

export const NotificationsCountBody = z.object({ filter });
export type NotificationsCountBody = z.infer<typeof NotificationsCountBody>;

/** new_blog: an author the reader follows published `blog` (`user` is that author). */
export const NotificationType = z.enum(['like', 'comment', 'reply', 'new_blog']);
export type NotificationType = z.infer<typeof NotificationType>;

const CommentRef = z.object({ _id: z.string(), comment: z.string() });

export const Notification = z.object({
  _id: z.string(),
  type: NotificationType,
  /** Whether it had been seen before this listing (listing marks it seen). */
  seen: z.boolean(),
  createdAt: z.string(),
  /** Who liked, commented, replied or published. */
  user: z.object({ personal_info: PersonalInfo }),
  blog: z.object({
    _id: z.string(),
    blog_id: z.string(),
    title: z.string(),
    author: z.object({ personal_info: PersonalInfo }),
  }),
  /** The new comment (type comment) or the new reply (type reply), and whether the reader may delete it. */
  comment: CommentRef.extend({ can: CommentCan }).nullable(),
  /** The reader's own comment that was replied to (type reply). */
  replied_on_comment: CommentRef.nullable(),
  /** The reader's latest reply to `comment`. */
  reply: CommentRef.nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsResponse = z.object({ notifications: z.array(Notification) });

export const NewNotificationResponse = z.object({ new_notification_available: z.boolean() });
export type NewNotificationResponse = z.infer<typeof NewNotificationResponse>;

/** The data of each event of `GET /api/notification/stream`; the first also says how often heartbeats come. */
export const NotificationStreamEvent = NewNotificationResponse.extend({ heartbeat_seconds: z.number().optional() });
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEvent>;

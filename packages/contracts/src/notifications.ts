import { z } from 'zod';
import { PersonalInfo } from './blog.ts';
import { CommentCan } from './comments.ts';
import { NOTIFICATION_FILTERS } from './limits.ts';
import { MODERATION_ACTIONS } from './staff.ts';

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

/** Why a reader reported something (`POST /api/report`). */
export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'sexual', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A staff member is told of a new report: what it says, and what was reported as it read then. */
export const ReportNotification = z.object({
  _id: z.string(),
  type: z.literal('report'),
  seen: z.boolean(),
  createdAt: z.string(),
  report: z.object({
    _id: z.string(),
    reason: z.enum(REPORT_REASONS),
    target: z.enum(['blog', 'comment', 'user']),
    snapshot: z.string(),
  }),
});
export type ReportNotification = z.infer<typeof ReportNotification>;

/** A member is told of what the site's staff did to them or to what they wrote, and why (its line of the moderation log). */
export const ModerationNotification = z.object({
  _id: z.string(),
  type: z.literal('moderation'),
  seen: z.boolean(),
  createdAt: z.string(),
  moderation: z.object({
    action: z.enum(MODERATION_ACTIONS),
    /** What the action was on, as it was named then: a blog's title, a comment's words, the member's username. */
    label: z.string(),
    /** What changed ("active → silenced", "shown → hidden"). */
    detail: z.string(),
    reason: z.string(),
  }),
});
export type ModerationNotification = z.infer<typeof ModerationNotification>;

/**
 * What the notifications page lists: the four kinds SPEC describes, and the two of moderation, each
 * its own shape, told apart by `type` (a client that knows only the four skips the others).
 */
export const AnyNotification = z.discriminatedUnion('type', [Notification, ReportNotification, ModerationNotification]);
export type AnyNotification = z.infer<typeof AnyNotification>;

export const NotificationsResponse = z.object({ notifications: z.array(AnyNotification) });

export const NewNotificationResponse = z.object({ new_notification_available: z.boolean() });
export type NewNotificationResponse = z.infer<typeof NewNotificationResponse>;

/** The data of each event of `GET /api/notification/stream`; the first also says how often heartbeats come. */
export const NotificationStreamEvent = NewNotificationResponse.extend({ heartbeat_seconds: z.number().optional() });
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEvent>;

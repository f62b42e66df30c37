import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';
import { comments } from './comments.ts';
import { reports } from './reports.ts';
import { moderationLog } from './site.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['like', 'comment', 'reply', 'new_blog', 'report', 'moderation'] }).notNull(),
    /** The blog it is about; null for a report of a comment or a member, and for a staff action on a member. */
    blogId: uuid('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    notificationFor: uuid('notification_for')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => comments.id, { onDelete: 'cascade' }),
    repliedOnComment: uuid('replied_on_comment').references(() => comments.id, { onDelete: 'cascade' }),
    /** type report: the report a staff member is told of. */
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    /** type moderation: the staff action the member is told of (its line of the moderation log: what, and why). */
    moderationLogId: uuid('moderation_log_id').references(() => moderationLog.id, { onDelete: 'cascade' }),
    seen: boolean('seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Likes, comments, replies and new blogs are about a blog; a report names its report, a staff action its log line.
    check(
      'notifications_about',
      sql`case ${t.type} when 'report' then ${t.reportId} is not null when 'moderation' then ${t.moderationLogId} is not null else ${t.blogId} is not null end`,
    ),
    index('notifications_for_idx').on(t.notificationFor, t.createdAt.desc()),
    index('notifications_unseen_idx')
      .on(t.notificationFor)
      .where(sql`seen = false`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';
import { users } from './users.ts';

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    blogAuthor: uuid('blog_author')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentedBy: uuid('commented_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_blog_idx').on(t.blogId, t.createdAt.desc()),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['like', 'comment', 'reply', 'new_blog'] }).notNull(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    notificationFor: uuid('notification_for')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => comments.id, { onDelete: 'cascade' }),
    repliedOnComment: uuid('replied_on_comment').references(() => comments.id, { onDelete: 'cascade' }),
    seen: boolean('seen').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_for_idx').on(t.notificationFor, t.createdAt.desc()),
    index('notifications_unseen_idx')
      .on(t.notificationFor)
      .where(sql`seen = false`),
  ],
);

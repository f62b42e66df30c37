import { index, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
    /** Null once its writer deleted their account: the comment stays for its replies, its words DELETED_MEMBER (comments.service.ts anonymiseCommentsBy). */
    commentedBy: uuid('commented_by').references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    /** When staff deleted it: its words are replaced (CommentMessages.removedByStaff), the row stays for its replies. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_blog_idx').on(t.blogId, t.createdAt.desc()),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    // A member's comments counted (the spam waves' filter) and found (an account's deletion).
    index('comments_writer_idx').on(t.commentedBy),
    // The admins' chart of comments per day.
    index('comments_created_idx').on(t.createdAt),
  ],
);

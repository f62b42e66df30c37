import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';
import { comments } from './comments.ts';
import { users } from './users.ts';

/**
 * A reader's report of a blog, a comment or a member to the staff (modules/reports). Exactly one
 * of blog_id, comment_id and user_id names what was reported; a report goes when its target does.
 * It stays open until staff dismiss it or act on its target; a reporter has one open report per target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blogId: uuid('blog_id').references(() => blogs.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** spam, harassment, hate, sexual, illegal or other (contracts REPORT_REASONS). */
    reason: text('reason').notNull(),
    words: text('words').notNull().default(''),
    /** The target as it read when it was reported (a title and description, a comment, a bio): staff judge what was reported, even if it changes. */
    snapshot: text('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reports_one_target', sql`num_nonnulls(${t.blogId}, ${t.commentId}, ${t.userId}) = 1`),
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, sql`coalesce(${t.blogId}, ${t.commentId}, ${t.userId})`)
      .where(sql`${t.resolvedAt} is null`),
    index('reports_open_idx')
      .on(sql`coalesce(${t.blogId}, ${t.commentId}, ${t.userId})`)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { blogs } from './blogs.ts';
import { users } from './users.ts';

/** A reader's reading list: one row per saved blog, gone with the blog or the reader. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list reads one reader's newest saves first; the blog_id cascade finds its rows by the blog (bookmarks_blog_idx).
  (t) => [
    primaryKey({ columns: [t.userId, t.blogId] }),
    index('bookmarks_user_newest_idx').on(t.userId, t.createdAt.desc()),
    index('bookmarks_blog_idx').on(t.blogId),
  ],
);

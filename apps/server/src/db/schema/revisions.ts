import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { blogs, type StoredContent } from './blogs.ts';
import { users } from './users.ts';

/**
 * A blog as one save left it, kept so a writer never loses a word (revisions/revisions.repository.ts
 * keeps the last 100 of a blog, and one a UTC day before them). `saved_at` is the blog's
 * `updated_at` of that save.
 */
export const blogRevisions = pgTable(
  'blog_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blogId: uuid('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    savedBy: uuid('saved_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    draft: boolean('draft').notNull(),
    title: text('title').notNull(),
    banner: text('banner').notNull(),
    des: text('des').notNull(),
    tags: text('tags').array().notNull(),
    content: jsonb('content').$type<StoredContent>().notNull(),
  },
  (t) => [index('blog_revisions_blog_idx').on(t.blogId, t.savedAt.desc())],
);

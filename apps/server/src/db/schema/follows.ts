import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A reader following an author. The primary key answers "whom does X follow" (the home page's
 * following tab); the author index answers "who follows X" (a new blog's notifications).
 */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.authorId] }),
    index('follows_author_idx').on(t.authorId, t.followerId),
    check('follows_someone_else', sql`follower_id <> author_id`),
  ],
);

import { sql } from 'drizzle-orm';
import { blogs } from '../../db/schema/index.ts';

/*
 * The one rule of who may read a blog: anyone once it is published, its author always. Every
 * list, search, count, feed, comment, like and read goes through these two, so a change of the
 * rule (scheduled publishing, soft delete) is made here.
 */

/**
 * "A reader may see this blog", in SQL. Written as blogs_latest_idx's own condition
 * (`draft = false`), so the partial index serves every list, even from a prepared statement's generic plan.
 */
export const visibleToReaders = sql`${blogs.draft} = false`;

/** The same rule for one blog in hand: `userId` (null for an anonymous reader) may read it. */
export const isVisibleTo = (blog: Pick<typeof blogs.$inferSelect, 'draft' | 'authorId'>, userId: string | null) =>
  !blog.draft || blog.authorId === userId;

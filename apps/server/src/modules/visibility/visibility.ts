import { sql } from 'drizzle-orm';
import { blogs } from '../../db/schema/index.ts';

/*
 * The one rule of who may read a blog. Its author always may. Anyone else may once it is
 * published and (where the site reviews new members) approved, unless staff hid it or suspended
 * its author: such a blog answers 404, as a draft does. A blog anyone may read is also listed (in every list, search, count, feed and sitemap)
 * unless its author is silenced: that blog still opens from a link, but is nowhere to be found.
 * Every list, search, count, feed, comment, like and read goes through these, so a change of the
 * rule is made here (and in blogs.listed, which the schema computes from the same columns).
 */

type Visibility = Pick<typeof blogs.$inferSelect, 'draft' | 'awaitingReview' | 'hiddenReason' | 'authorStanding'>;

/** "This blog is in lists", in SQL: blogs_latest_idx's own condition, so the partial index serves every list, even from a prepared statement's generic plan. */
export const listedToReaders = sql`${blogs.listed}`;

/** "Anyone may read this blog", in SQL. */
export const readableByReaders = sql`(${blogs.draft} = false and ${blogs.awaitingReview} = false and ${blogs.hiddenReason} is null and ${blogs.authorStanding} <> 'suspended')`;

/** listedToReaders for one blog in hand. */
export const isListed = (blog: Visibility) => isReadable(blog) && blog.authorStanding === 'active';

/** readableByReaders for one blog in hand. */
export const isReadable = (blog: Visibility) =>
  !blog.draft && !blog.awaitingReview && blog.hiddenReason === null && blog.authorStanding !== 'suspended';

/** The whole rule for one blog in hand: `userId` (null for an anonymous reader) may read it. */
export const isVisibleTo = (blog: Visibility & Pick<typeof blogs.$inferSelect, 'authorId'>, userId: string | null) =>
  blog.authorId === userId || isReadable(blog);

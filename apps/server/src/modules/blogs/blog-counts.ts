import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogCounts, blogDayCounts, blogs, countScope } from '../../db/schema/index.ts';
import { isVisibleTo, visibleToReaders } from './visibility.ts';

/*
 * How many blogs readers may see, in all and per tag (blog_counts) and per UTC day of publication
 * (blog_day_counts), kept in the same transaction as the blog that changes them: the home page's
 * count and a topic's count are one row, not a scan of every published blog, and a deep page of the
 * newest blogs starts from the day its first blog was published instead of skipping every newer
 * one (the blog-lists module reads them). Per author, users.total_posts counts the same way.
 */

/** What of a blog the counts depend on; null for a blog that is not there (before a create, after a delete). */
export type Counted = { draft: boolean; authorId: string; tags: string[]; publishedAt: Date | null } | null;

const visible = (blog: Counted): blog is NonNullable<Counted> => blog !== null && isVisibleTo(blog, null);
const scopes = (blog: Counted) => (visible(blog) ? [countScope(), ...blog.tags.map(countScope)] : []);
// A blog readers may see always has its date (the blogs_published_dated check).
const days = (blog: Counted) => (visible(blog) ? [blog.publishedAt!.toISOString().slice(0, 10)] : []);

/** What changes, by key, from the keys of the blog before to those after; sorted, so concurrent writers lock rows in one order and never deadlock. */
function changes(before: string[], after: string[]): [string, number][] {
  const change = new Map<string, number>();
  for (const key of before) change.set(key, (change.get(key) ?? 0) - 1);
  for (const key of after) change.set(key, (change.get(key) ?? 0) + 1);
  return [...change].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Moves the counts from what the blog was to what it is now, in the caller's transaction (blog_counts first, then the days). */
export async function recount(tx: Executor, before: Counted, after: Counted) {
  const scopeChanges = changes(scopes(before), scopes(after));
  if (scopeChanges.length > 0) {
    await tx
      .insert(blogCounts)
      .values(scopeChanges.map(([scope, total]) => ({ scope, total })))
      .onConflictDoUpdate({ target: blogCounts.scope, set: { total: sql`${blogCounts.total} + excluded.total` } });
  }
  const dayChanges = changes(days(before), days(after));
  if (dayChanges.length > 0) {
    await tx
      .insert(blogDayCounts)
      .values(dayChanges.map(([day, total]) => ({ day, total })))
      .onConflictDoUpdate({ target: blogDayCounts.day, set: { total: sql`${blogDayCounts.total} + excluded.total` } });
  }
}

/** Counts every blog anew: for blogs written around the app (a bulk import, the scale benchmark's seed). */
export async function countEveryBlog(db: Executor) {
  await db.transaction(async (tx) => {
    await tx.delete(blogCounts);
    await tx.delete(blogDayCounts);
    const readable = sql`(select tags, published_at from ${blogs} where ${visibleToReaders}) readable`;
    await tx.execute(sql`insert into ${blogCounts} (scope, total)
      select 'all', count(*)::int from ${readable}
      union all select 'tag:' || tag, count(*)::int from ${readable}, unnest(tags) as tag group by tag`);
    await tx.execute(sql`insert into ${blogDayCounts} (day, total)
      select (published_at at time zone 'UTC')::date, count(*)::int from ${readable} group by 1`);
  });
}

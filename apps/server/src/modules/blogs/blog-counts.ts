import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogCounts, blogDayCounts, blogs, countScope, tagListings } from '../../db/schema/index.ts';
import { addToAuthorCounters } from '../users/index.ts';
import { isListed, listedToReaders, noteListingChanged } from '../visibility/index.ts';

/*
 * How many blogs are listed (visibility/visibility.ts), in all and per tag (blog_counts), per UTC day of
 * publication (blog_day_counts) and per author (users.total_posts), and which are listed under each
 * tag (tag_listings), kept in the same transaction as the blogs that change them: the home page's
 * count and a topic's count are one row, not a scan of every published blog, a deep page of the
 * newest blogs starts from the day its first blog was published instead of skipping every newer
 * one, and a tag's newest blogs are one range of an index (the blog-lists module reads them).
 */

/** What of a blog the counts depend on; null for a blog that is not there (before a create, after a delete). */
export type Counted = Pick<
  typeof blogs.$inferSelect,
  'id' | 'draft' | 'awaitingReview' | 'hiddenReason' | 'authorStanding' | 'authorId' | 'tags' | 'publishedAt'
> | null;

const listed = (blog: Counted): blog is NonNullable<Counted> => blog !== null && isListed(blog);
const scopes = (blog: Counted) => (listed(blog) ? [countScope(), ...blog.tags.map(countScope)] : []);
// A listed blog always has its date (the blogs_published_dated check).
const days = (blog: Counted) => (listed(blog) ? [blog.publishedAt!.toISOString().slice(0, 10)] : []);
const authors = (blog: Counted) => (listed(blog) ? [blog.authorId] : []);
const listings = (blog: Counted) =>
  listed(blog) ? [...new Set(blog.tags)].map((tag) => ({ tag, publishedAt: blog.publishedAt!, blogId: blog.id })) : [];
/** What of a blog its rows of tag_listings say, as one string. */
const listedAs = (blog: Counted) => JSON.stringify(listings(blog).map(({ tag, publishedAt }) => [tag, publishedAt]));

/** What changes, by key, from the keys of the blog before to those after; sorted, so concurrent writers lock rows in one order and never deadlock. */
function changes(before: string[], after: string[]): [string, number][] {
  const change = new Map<string, number>();
  for (const key of before) change.set(key, (change.get(key) ?? 0) - 1);
  for (const key of after) change.set(key, (change.get(key) ?? 0) + 1);
  return [...change].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** Moves the counts from what the blog was to what it is now, in the caller's transaction. */
export const recount = (tx: Executor, before: Counted, after: Counted) => recountMany(tx, [before], [after]);

/**
 * recount for many blogs at once (an author's, as their standing changes): blog_counts first, then
 * the days, then the authors. Every write of a blog comes through here, so here the lists' stamp
 * moves when a listed blog changes (an edit too) or a blog enters or leaves the lists.
 */
export async function recountMany(tx: Executor, before: Counted[], after: Counted[]) {
  if ([...before, ...after].some(listed)) await noteListingChanged(tx);
  const scopeChanges = changes(before.flatMap(scopes), after.flatMap(scopes));
  if (scopeChanges.length > 0) {
    await tx
      .insert(blogCounts)
      .values(scopeChanges.map(([scope, total]) => ({ scope, total })))
      .onConflictDoUpdate({ target: blogCounts.scope, set: { total: sql`${blogCounts.total} + excluded.total` } });
  }
  const dayChanges = changes(before.flatMap(days), after.flatMap(days));
  if (dayChanges.length > 0) {
    await tx
      .insert(blogDayCounts)
      .values(dayChanges.map(([day, total]) => ({ day, total })))
      .onConflictDoUpdate({ target: blogDayCounts.day, set: { total: sql`${blogDayCounts.total} + excluded.total` } });
  }
  for (const [authorId, posts] of changes(before.flatMap(authors), after.flatMap(authors)))
    await addToAuthorCounters(tx, authorId, { posts, reads: 0 });
  await relist(tx, before, after);
}

/** tag_listings follows each blog whose listing changed (`before[i]` and `after[i]` are one blog): its rows taken out, its new ones put in. */
async function relist(tx: Executor, before: Counted[], after: Counted[]) {
  const changed = before.flatMap((was, i) => {
    const now = after[i]!;
    return listedAs(was) === listedAs(now) ? [] : [{ was, now }];
  });
  const unlisted = changed.flatMap(({ was }) => (listings(was).length > 0 ? [was!.id] : [])).sort();
  if (unlisted.length > 0) await tx.delete(tagListings).where(inArray(tagListings.blogId, unlisted));
  const rows = changed.flatMap(({ now }) => listings(now));
  if (rows.length > 0) await tx.insert(tagListings).values(rows);
}

/** Counts every blog anew: for blogs written around the app (a bulk import, the scale benchmark's seed). */
export async function countEveryBlog(db: Executor) {
  await db.transaction(async (tx) => {
    await tx.delete(blogCounts);
    await tx.delete(blogDayCounts);
    await tx.delete(tagListings);
    const readable = sql`(select id, tags, published_at from ${blogs} where ${listedToReaders}) readable`;
    await tx.execute(sql`insert into ${blogCounts} (scope, total)
      select 'all', count(*)::int from ${readable}
      union all select 'tag:' || tag, count(*)::int from ${readable}, unnest(tags) as tag group by tag`);
    await tx.execute(sql`insert into ${blogDayCounts} (day, total)
      select (published_at at time zone 'UTC')::date, count(*)::int from ${readable} group by 1`);
    await tx.execute(sql`insert into ${tagListings} (tag, published_at, blog_id)
      select distinct tag, published_at, id from ${readable}, unnest(tags) as tag`);
    await noteListingChanged(tx);
  });
}

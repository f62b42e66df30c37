import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogCounts } from '../../db/schema/index.ts';
import { isVisibleTo } from './visibility.ts';

/*
 * How many blogs readers may see, in all and per tag, kept in the same transaction as the blog
 * that changes them: the home page's count and a topic's count are one row, not a scan of every
 * published blog. Per author, users.total_posts counts the same way.
 */

/** What of a blog the counts depend on; null for a blog that is not there (before a create, after a delete). */
export type Counted = { draft: boolean; authorId: string; tags: string[] } | null;

const scopes = (blog: Counted) => (blog && isVisibleTo(blog, null) ? ['all', ...blog.tags.map((tag) => `tag:${tag}`)] : []);

/** Moves the counts from what the blog was to what it is now, in the caller's transaction. */
export async function recount(tx: Executor, before: Counted, after: Counted) {
  const change = new Map<string, number>();
  for (const scope of scopes(before)) change.set(scope, (change.get(scope) ?? 0) - 1);
  for (const scope of scopes(after)) change.set(scope, (change.get(scope) ?? 0) + 1);
  // Sorted, so concurrent writers lock the rows in one order and never deadlock.
  const rows = [...change].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (rows.length === 0) return;
  await tx
    .insert(blogCounts)
    .values(rows.map(([scope, total]) => ({ scope, total })))
    .onConflictDoUpdate({ target: blogCounts.scope, set: { total: sql`${blogCounts.total} + excluded.total` } });
}

async function read(db: Executor, scope: string): Promise<number> {
  const [row] = await db.select({ total: blogCounts.total }).from(blogCounts).where(eq(blogCounts.scope, scope));
  return row?.total ?? 0;
}

export const countAllPublished = (db: Executor) => read(db, 'all');
export const countPublishedWithTag = (db: Executor, tag: string) => read(db, `tag:${tag}`);

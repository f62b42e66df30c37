import { asc, count, eq } from 'drizzle-orm';
import { defenceOn, isTrusted } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blogs, users } from '../../db/schema/index.ts';
import { readSiteSettings } from '../site/index.ts';
import { recount } from './blog-counts.ts';
import { emitBlogEvent, type BlogEventHandlers } from './blog-events.ts';
import { findBlog, findBlogForUpdate } from './blogs.repository.ts';

/*
 * The review queue (contracts review.ts): where the site reviews new members, a blog its author
 * publishes before they are trusted waits, readable by nobody else (visibility.ts), until a
 * moderator approves it or sends it back. Approval is the moment of publishing: the counts, the
 * followers, the subscribers and the fediverse hear of it then, exactly as if the author had
 * pressed Publish at that moment.
 */

/** Whether a blog `authorId` publishes now must wait for a moderator. */
export async function publishingWaits(tx: Executor, authorId: string): Promise<boolean> {
  const settings = await readSiteSettings(tx);
  // Mail plays no part in review: whether the server can send it does not matter here.
  if (!defenceOn(settings, 'reviewNewMembers', true)) return false;
  const [author] = await tx
    .select({ role: users.role, trust: users.trust, totalPosts: users.totalPosts })
    .from(users)
    .where(eq(users.id, authorId));
  return author !== undefined && !isTrusted(author, settings.trustedAfter);
}

/**
 * Decides a blog that waits, its row locked: approved, it is published (a blog never published
 * before gets `now` as its date and its first-publish event; one published before, taken back and
 * sent again, keeps its date and is given back to readers); rejected, it is its author's draft again.
 * Undefined when the blog does not wait (anymore).
 */
export async function decideReview(
  tx: Executor,
  events: BlogEventHandlers,
  blogId: string,
  approved: boolean,
  now: Date,
) {
  const before = await findBlogForUpdate(tx, blogId);
  if (!before?.awaitingReview) return undefined;
  const after = approved
    ? { ...before, awaitingReview: false, publishedAt: before.publishedAt ?? now }
    : { ...before, awaitingReview: false, draft: true };
  await tx
    .update(blogs)
    .set({ awaitingReview: false, draft: after.draft, publishedAt: after.publishedAt })
    .where(eq(blogs.id, before.id));
  await recount(tx, before, after);
  if (approved) {
    const blog = { id: before.id, blogId, authorId: before.authorId };
    if (before.publishedAt) await emitBlogEvent(events, 'publishedBlogRestored', tx, blog, now);
    else await emitBlogEvent(events, 'firstPublished', tx, blog, now);
  }
  return before;
}

/** A page of the blogs that wait, oldest submission first, whole (with their authors), and how many wait. */
export async function listAwaitingReview(db: Executor, offset: number, limit: number) {
  const waiting = eq(blogs.awaitingReview, true);
  const [ids, [total]] = await Promise.all([
    db
      .select({ blogId: blogs.blogId })
      .from(blogs)
      .where(waiting)
      .orderBy(asc(blogs.updatedAt), asc(blogs.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(blogs).where(waiting),
  ]);
  const found = await Promise.all(ids.map(({ blogId }) => findBlog(db, blogId)));
  return { blogs: found.filter((blog) => blog !== undefined), totalDocs: total?.n ?? 0 };
}

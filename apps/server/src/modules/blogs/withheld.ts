import { and, asc, eq } from 'drizzle-orm';
import type { Standing } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { blogs } from '../../db/schema/index.ts';
import { recount, recountMany } from './blog-counts.ts';
import { emitBlogEvent, type BlogEventHandlers } from './blog-events.ts';
import { findBlogForUpdate } from './blogs.repository.ts';
import { isReadable } from '../visibility/index.ts';

/*
 * Blogs staff withhold from readers: one they hide, and every blog of a member they silence or
 * suspend (visibility/visibility.ts says what each means). The counts follow in the same transaction, and
 * readers elsewhere hear of it through the blog events: a blog readers lose is a `Delete` to the
 * fediverse, and one given back is sent again.
 */

type Withholdable = Pick<
  typeof blogs.$inferSelect,
  'id' | 'blogId' | 'authorId' | 'draft' | 'awaitingReview' | 'hiddenReason' | 'authorStanding' | 'tags' | 'publishedAt'
>;

/** Tells readers' side of the app that a blog became readable or stopped being so. */
async function announce(tx: Executor, events: BlogEventHandlers, before: Withholdable, after: Withholdable, now: Date) {
  if (isReadable(before) === isReadable(after)) return;
  const blog = { id: after.id, blogId: after.blogId, authorId: after.authorId };
  await emitBlogEvent(events, isReadable(after) ? 'publishedBlogRestored' : 'publishedBlogRemoved', tx, blog, now);
}

/**
 * Hides a published blog (a reason) or unhides it (null), its row locked; answers the blog as it
 * was, and whether this changed it. Undefined when there is no such blog, or it is a draft to
 * hide (a draft is nobody's business but its author's).
 */
export async function setBlogHidden(
  tx: Executor,
  events: BlogEventHandlers,
  blogId: string,
  hiddenReason: string | null,
  now: Date,
) {
  const before = await findBlogForUpdate(tx, blogId);
  if (!before || (hiddenReason !== null && before.draft)) return undefined;
  if ((before.hiddenReason === null) === (hiddenReason === null)) return { blog: before, changed: false };
  await tx.update(blogs).set({ hiddenReason }).where(eq(blogs.id, before.id));
  const after = { ...before, hiddenReason };
  await recount(tx, before, after);
  await announce(tx, events, before, after, now);
  return { blog: before, changed: true };
}

const authorBlogColumns = {
  id: blogs.id,
  blogId: blogs.blogId,
  authorId: blogs.authorId,
  draft: blogs.draft,
  awaitingReview: blogs.awaitingReview,
  hiddenReason: blogs.hiddenReason,
  authorStanding: blogs.authorStanding,
  tags: blogs.tags,
  publishedAt: blogs.publishedAt,
};

/**
 * Locks every blog of an author, before staff change their standing or delete their account, and
 * answers what may then be done to all of them. The blogs come first because a save locks its blog
 * and then its author, while a change of standing locks the author, then cascades onto the blogs:
 * taken the other way round, the two would deadlock.
 */
export async function lockAuthorBlogs(tx: Executor, events: BlogEventHandlers, authorId: string) {
  const locked = await tx
    .select(authorBlogColumns)
    .from(blogs)
    .where(eq(blogs.authorId, authorId))
    .orderBy(asc(blogs.id))
    .for('update');
  return {
    /** Once their standing changed from `from` (the key cascaded it onto the blogs): the counts and readers follow, for each published blog. */
    async followStanding(from: Standing, now: Date) {
      const after = await tx
        .select(authorBlogColumns)
        .from(blogs)
        .where(and(eq(blogs.authorId, authorId), eq(blogs.draft, false)));
      const before = after.map((blog) => ({ ...blog, authorStanding: from }));
      await recountMany(tx, before, after);
      for (const [index, blog] of after.entries()) await announce(tx, events, before[index]!, blog, now);
    },
    /** Deletes them all (their author is leaving): counted out, each readers could read a `Delete` to the fediverse; their likes, comments, reads and revisions go with them. */
    async deleteAll(now: Date) {
      await recountMany(
        tx,
        locked,
        locked.map(() => null),
      );
      for (const blog of locked) if (isReadable(blog)) await announce(tx, events, blog, { ...blog, draft: true }, now);
      await tx.delete(blogs).where(eq(blogs.authorId, authorId));
    },
  };
}

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
  'id' | 'blogId' | 'authorId' | 'draft' | 'hiddenReason' | 'authorStanding' | 'tags' | 'publishedAt'
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

/**
 * Locks every blog of an author before staff change their standing, and answers what to call once
 * it changed (from `from`; the foreign key has cascaded it onto the blogs): the counts and readers
 * follow, for each published blog of theirs. The blogs come first because a save locks its blog and
 * then its author, and the change of standing locks the author, then cascades onto the blogs: taken
 * the other way round, the two would deadlock.
 */
export async function lockAuthorBlogs(tx: Executor, events: BlogEventHandlers, authorId: string) {
  await tx
    .select({ id: blogs.id })
    .from(blogs)
    .where(eq(blogs.authorId, authorId))
    .orderBy(asc(blogs.id))
    .for('update');
  return async (from: Standing, now: Date) => {
    const after = await tx
      .select({
        id: blogs.id,
        blogId: blogs.blogId,
        authorId: blogs.authorId,
        draft: blogs.draft,
        hiddenReason: blogs.hiddenReason,
        authorStanding: blogs.authorStanding,
        tags: blogs.tags,
        publishedAt: blogs.publishedAt,
      })
      .from(blogs)
      .where(and(eq(blogs.authorId, authorId), eq(blogs.draft, false)));
    const before = after.map((blog) => ({ ...blog, authorStanding: from }));
    await recountMany(tx, before, after);
    for (const [index, blog] of after.entries()) await announce(tx, events, before[index]!, blog, now);
  };
}

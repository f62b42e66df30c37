import {
  canDeleteBlog,
  canEditBlog,
  draftError,
  normaliseTags,
  publishError,
  tagsError,
  type Blog,
  type BlogCanBody,
  type CreateBlogBody,
  type GetBlogBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http-error.ts';
import { cleanEditorOutput, isImageUrl, renderContent } from '../content/index.ts';
import { addAuthorReads, addToAuthorCounters } from '../users/index.ts';
import { recount } from './blog-counts.ts';
import { emitBlogEvent, type BlogEventHandlers } from './blog-events.ts';
import { newBlogId } from './blog-id.ts';
import {
  deleteBlogRow,
  findBlog,
  findBlogForDelete,
  findBlogForUpdate,
  insertBlog,
  recordReads,
  updateBlog,
  type Read,
} from './blogs.repository.ts';
import { presentBlog } from './blogs.presenter.ts';
import { publishingWaits } from './review.ts';
import { checkSchedulable, publishingOf } from './scheduled-publishing.ts';
import { isReadable, isVisibleTo } from '../visibility/index.ts';

const BLOG_ID_ATTEMPTS = 5;

/**
 * Checks a create-blog body by the rules of docs/product/rules.md and answers the values to store:
 * the content sanitised, and rendered once here (its code highlighted) for every read after.
 */
function blogValues(body: Pick<CreateBlogBody, 'title' | 'banner' | 'des' | 'tags' | 'content' | 'draft'>) {
  const content = cleanEditorOutput(body.content[0]);
  const tags = normaliseTags(body.tags);
  const blog = {
    title: body.title.trim(),
    banner: body.banner.trim(),
    des: body.des.trim(),
    tags,
    blocks: content.blocks,
  };
  const error = body.draft ? draftError(blog) : publishError(blog);
  if (error) throw badRequest(error);
  const tagError = tagsError(tags);
  if (tagError) throw badRequest(tagError);
  if (blog.banner && !isImageUrl(blog.banner)) throw badRequest('banner_invalid');
  return {
    title: blog.title,
    banner: blog.banner,
    des: blog.des,
    tags,
    ...renderContent(content),
    draft: body.draft,
  };
}

/** A saved blog: its blog_id, the time of the save (its new updated_at), and whether it waits for review. */
export interface SavedBlog {
  id: string;
  updatedAt: Date;
  awaitingReview: boolean;
}

/**
 * Creates a blog, or updates the author's own blog when `id` is given (its blog_id stays). With
 * `updatedAt`, an update is refused (409) when the blog was saved since: checked under the row's
 * lock, so of two saves from the same version one wins. The author's count of published blogs
 * changes in the same transaction, and the blog events' handlers run in it (its `saved` ones keep
 * the new revision and the words of the title).
 * A blog to be published at `publishAt` is saved a draft until then (scheduled-publishing.ts).
 */
export async function saveBlog(
  db: Db,
  events: BlogEventHandlers,
  authorId: string,
  body: CreateBlogBody,
  now: Date,
): Promise<SavedBlog> {
  const values = { ...blogValues(body), ...publishingOf(body, now) };
  if (body.id !== undefined) {
    const blogId = body.id;
    return db.transaction(async (tx) => {
      const existing = await findBlogForUpdate(tx, blogId);
      if (!existing) throw notFound();
      if (!canEditBlog(authorId, existing)) throw forbidden('blog_edit_forbidden');
      if (body.updatedAt !== undefined && existing.updatedAt.getTime() !== Date.parse(body.updatedAt))
        throw conflict('blog_changed');
      checkSchedulable(existing, values.publishAt);
      // A blog out before stays out; one sent for review waits on through its edits until a moderator decides.
      const awaitingReview =
        !values.draft && (existing.awaitingReview || (existing.draft && (await publishingWaits(tx, authorId))));
      const publishedAt = existing.publishedAt ?? (values.draft || awaitingReview ? null : now);
      const updatedAt = await updateBlog(tx, existing.id, { ...values, publishedAt, awaitingReview });
      const after = { ...existing, ...values, publishedAt, awaitingReview };
      await recount(tx, existing, after);
      await emitBlogEvent(events, 'saved', tx, { ...values, id: existing.id, authorId, savedAt: updatedAt }, now);
      const blog = { id: existing.id, blogId, authorId };
      if (!existing.publishedAt && publishedAt) await emitBlogEvent(events, 'firstPublished', tx, blog, now);
      // Readers (and the fediverse) hear of a blog they may read; a hidden one's edits wait for staff.
      else if (isReadable(existing))
        await emitBlogEvent(events, isReadable(after) ? 'publishedBlogChanged' : 'publishedBlogRemoved', tx, blog, now);
      // One taken back to draft and published again is given back, its date kept.
      else if (isReadable(after)) await emitBlogEvent(events, 'publishedBlogRestored', tx, blog, now);
      return { id: blogId, updatedAt, awaitingReview };
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const awaitingReview = !values.draft && (await publishingWaits(tx, authorId));
        const blog = await insertBlog(tx, {
          ...values,
          authorId,
          blogId: newBlogId(values.title),
          publishedAt: values.draft || awaitingReview ? null : now,
          awaitingReview,
        });
        await recount(tx, null, blog);
        await emitBlogEvent(events, 'saved', tx, { ...values, id: blog.id, authorId, savedAt: blog.updatedAt }, now);
        if (blog.publishedAt) await emitBlogEvent(events, 'firstPublished', tx, { id: blog.id, authorId }, now);
        return { id: blog.blogId, updatedAt: blog.updatedAt, awaitingReview };
      });
    } catch (error) {
      // A random suffix clash is astronomically rare, but the unique index has the last word.
      if (!isUniqueViolation(error) || attempt >= BLOG_ID_ATTEMPTS) throw error;
    }
  }
}

/** A post an import brought (modules/imports), its words as a create-blog body has them, its dates its own. */
export interface ImportedBlog {
  body: Pick<CreateBlogBody, 'title' | 'banner' | 'des' | 'tags' | 'content' | 'draft'>;
  /** When its old site published it (now when it does not say); none for a draft, or a post due later. */
  publishedAt: Date | null;
  /** A post its old site was to publish later: a draft until then, as if scheduled here. */
  publishAt: Date | null;
  createdAt: Date;
  /** When its old site last saw it changed (the import's time when it does not say). */
  updatedAt: Date | null;
}

/**
 * Writes a blog an import brought, in the caller's transaction (which writes the import's rows
 * beside it), checked by the rules of a save, with the counts and the `saved` event of one. Its
 * dates are its old site's, and an author not yet trusted waits for review as a publish would. It
 * is no news, so no `firstPublished`: importing 500 old posts mails no subscriber, notifies no
 * follower and sends nothing to the fediverse. Answers its row id and blog_id.
 */
export async function importBlog(
  tx: Executor,
  events: BlogEventHandlers,
  authorId: string,
  { body, publishedAt, publishAt, createdAt, updatedAt }: ImportedBlog,
  now: Date,
) {
  const values = blogValues({ ...body, draft: body.draft || publishAt !== null });
  const awaitingReview = !values.draft && (await publishingWaits(tx, authorId));
  for (let attempt = 1; ; attempt++) {
    try {
      // A savepoint: a clash of blog_ids undoes the insert alone, not the caller's transaction.
      const blog = await tx.transaction((savepoint) =>
        insertBlog(savepoint, {
          ...values,
          authorId,
          blogId: newBlogId(values.title),
          publishedAt: values.draft ? null : (publishedAt ?? now),
          publishAt,
          awaitingReview,
          createdAt,
          ...(updatedAt && updatedAt >= createdAt && updatedAt <= now && { updatedAt }),
        }),
      );
      await recount(tx, null, blog);
      await emitBlogEvent(events, 'saved', tx, { ...values, id: blog.id, authorId, savedAt: blog.updatedAt }, now);
      return { id: blog.id, blogId: blog.blogId };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= BLOG_ID_ATTEMPTS) throw error;
    }
  }
}

/**
 * A published blog for anyone, in any mode; a draft only for its author (404 for everyone else,
 * so drafts stay invisible). It shows the reads counted so far, the same to every reader: reading
 * is counted apart, batched (read-counts.ts).
 */
export async function getBlog(db: Db, { blog_id }: GetBlogBody, userId: string | null): Promise<Blog> {
  const blog = await findBlog(db, blog_id);
  if (!blog || !isVisibleTo(blog, userId)) throw notFound();
  return presentBlog(blog, userId);
}

/** What the caller may do to a blog they may see (`POST /api/blog/can`): the `can` of getBlog's answer. */
export const getBlogCan = async (db: Db, body: BlogCanBody, userId: string | null) => ({
  can: (await getBlog(db, body, userId)).can,
});

/** get-blog's answer (docs/api.md), for the API and for the server-rendered blog page alike; it counts no read. */
export const answerGetBlog = async (db: Db, body: GetBlogBody, userId: string | null) => ({
  blog: await getBlog(db, body, userId),
});

/** Only the author deletes a blog; its rows and the author's counters change together. */
export async function deleteBlog(db: Db, events: BlogEventHandlers, userId: string, blogId: string) {
  await db.transaction(async (tx) => {
    const blog = await findBlogForDelete(tx, blogId);
    if (!blog) throw notFound('blog_not_found');
    if (!canDeleteBlog(userId, blog)) throw forbidden('blog_delete_forbidden');
    await deleteBlogRow(tx, blog.id);
    if (isReadable(blog))
      await emitBlogEvent(
        events,
        'publishedBlogRemoved',
        tx,
        { id: blog.id, blogId, authorId: blog.authorId },
        new Date(),
      );
    await recount(tx, blog, null);
    await addToAuthorCounters(tx, userId, { posts: 0, reads: -blog.totalReads });
  });
  return { status: 'done' as const };
}

/** Counts a batch of reads (see recordReads) on the blogs and their authors together; answers how many each blog counted. */
export async function countReads(db: Db, reads: Read[]) {
  return db.transaction(async (tx) => {
    const perBlog = await recordReads(tx, reads);
    const perAuthor = new Map<string, number>();
    for (const { authorId, reads } of perBlog) perAuthor.set(authorId, (perAuthor.get(authorId) ?? 0) + reads);
    await addAuthorReads(
      tx,
      [...perAuthor].map(([authorId, reads]) => ({ authorId, reads })),
    );
    return perBlog;
  });
}

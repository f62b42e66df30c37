import type { FastifyInstance } from 'fastify';
import {
  canEditBlog,
  publishAtError,
  publishError,
  type CreateBlogBody,
  type PublishNowBody,
  type ScheduleBlogBody,
} from '@inkwell/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { recount } from './blog-counts.ts';
import { emitBlogEvent, type BlogEventHandlers } from './blog-events.ts';
import {
  findBlogForUpdate,
  lockDueBlogs,
  markPublished,
  sendForReview,
  setPublishAt,
  type BlogRow,
} from './blogs.repository.ts';
import { publishingWaits } from './review.ts';
import { collectTags } from '../../plugins/cache-tags.ts';

/*
 * Scheduled publishing. A scheduled blog is a draft with a `publish_at`: the one rule of who may
 * read a blog (visibility/visibility.ts) keeps it out of every list, search, count, feed and
 * sitemap until the scheduler publishes it, and nothing else needs to know about schedules.
 */

/** Blogs published in one transaction at most; a longer queue is worked through run after run. */
const DUE_PER_RUN = 100;

/**
 * What create-blog's `draft` and `publishAt` make of a blog at `now`: a draft, published now, or
 * a draft to be published at `publishAt` (which passed the publish rules, as it goes out unattended).
 */
export function publishingOf(
  body: Pick<CreateBlogBody, 'draft' | 'publishAt'>,
  now: Date,
): { draft: boolean; publishAt: Date | null } {
  if (body.publishAt == null) return { draft: body.draft, publishAt: null };
  if (body.draft) throw badRequest('draft_with_publish_time');
  const error = publishAtError(body.publishAt, now);
  if (error) throw badRequest(error);
  return { draft: true, publishAt: new Date(body.publishAt) };
}

/** A blog on the site cannot be taken back to wait for a time: it would vanish until then. */
export function checkSchedulable(existing: Pick<BlogRow, 'draft'>, publishAt: Date | null) {
  if (publishAt && !existing.draft) throw badRequest('published_blog_schedule');
}

type Publishable = Pick<BlogRow, 'id' | 'blogId' | 'authorId' | 'authorStanding' | 'tags' | 'publishedAt'>;

/**
 * Publishes a draft in the caller's transaction, its row locked: every count changes as for a
 * publish through create-blog. A blog published before keeps its first date, as a save keeps it;
 * `updated_at` stays, since the writer changed nothing (it tells an edit from a stale one).
 */
async function publishDraft(tx: Executor, events: BlogEventHandlers, blog: Publishable, at: Date) {
  // Its author not yet trusted, it goes to the review queue as a press of Publish would: readers learn nothing yet.
  if (await publishingWaits(tx, blog.authorId)) return sendForReview(tx, blog.id);
  const publishedAt = blog.publishedAt ?? at;
  if (!(await markPublished(tx, blog.id, publishedAt))) return;
  const counted = { ...blog, awaitingReview: false, hiddenReason: null, publishedAt };
  await recount(tx, { ...counted, draft: true }, { ...counted, draft: false });
  const published = { id: blog.id, blogId: blog.blogId, authorId: blog.authorId };
  // One out before, then taken back to draft, is given back to readers rather than announced anew.
  await emitBlogEvent(events, blog.publishedAt ? 'publishedBlogRestored' : 'firstPublished', tx, published, at);
}

/**
 * Publishes every scheduled blog due at `now`, each at its own scheduled time; answers how many.
 * Any number of instances may run this at once: a due row is locked by the first to see it
 * (SKIP LOCKED: the others pass it by), and once published it is due no more, so each blog is published once.
 */
export async function publishDueBlogs(db: Db, events: BlogEventHandlers, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockDueBlogs(tx, now, DUE_PER_RUN);
    for (const blog of due) await publishDraft(tx, events, blog, blog.publishAt!);
    return due.length;
  });
}

/** The author's draft, locked; 404 for anyone else, as a draft is invisible to them. */
async function ownDraftForUpdate(tx: Executor, authorId: string, blogId: string) {
  const blog = await findBlogForUpdate(tx, blogId);
  if (!blog || !canEditBlog(authorId, blog)) throw notFound('blog_not_found');
  if (!blog.draft) throw badRequest('blog_already_published');
  return blog;
}

/** The publish rules, checked against the blog as saved: a blog that fails them is never published unattended. */
function checkPublishable(blog: BlogRow) {
  const error = publishError({
    title: blog.title,
    banner: blog.banner,
    des: blog.des,
    tags: blog.tags,
    blocks: blog.content.blocks,
  });
  if (error) throw badRequest(error);
}

/** `POST /api/blog/schedule`: a new time for the author's draft, or (null) none: a plain draft again. */
export async function scheduleBlog(db: Db, authorId: string, { blog_id, publishAt }: ScheduleBlogBody, now: Date) {
  const error = publishAt === null ? null : publishAtError(publishAt, now);
  if (error) throw badRequest(error);
  await db.transaction(async (tx) => {
    const blog = await ownDraftForUpdate(tx, authorId, blog_id);
    if (publishAt !== null) checkPublishable(blog);
    await setPublishAt(tx, blog.id, publishAt === null ? null : new Date(publishAt));
  });
  return { status: 'done' as const };
}

/** `POST /api/blog/publish-now`: the author's draft (scheduled or not) goes out at `now`. */
export async function publishNow(
  db: Db,
  events: BlogEventHandlers,
  authorId: string,
  { blog_id }: PublishNowBody,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const blog = await ownDraftForUpdate(tx, authorId, blog_id);
    checkPublishable(blog);
    await publishDraft(tx, events, blog, now);
  });
  return { status: 'done' as const };
}

/**
 * Publishes due blogs once at start and then every SCHEDULED_PUBLISH_SECONDS (0: only when a
 * test calls `app.scheduledPublishing.run()`); a run waits for the one before, and closing the
 * app waits for the run in progress. What it published leaves the read cache as its blog events
 * named it (cache-tags.ts).
 */
export function registerScheduledPublishing(app: FastifyInstance) {
  let running: Promise<number> = Promise.resolve(0);
  const run = () => {
    running = running
      .catch(() => 0)
      .then(async () => {
        const { result: published, said } = await collectTags(() =>
          publishDueBlogs(app.db, app.blogEvents, app.clock()),
        );
        await app.readCache.invalidateSaid(said);
        return published;
      });
    return running;
  };
  app.decorate('scheduledPublishing', { run });

  const seconds = app.config.scheduledPublishSeconds;
  if (seconds <= 0) return;
  const runLogged = () => {
    run().catch((error: unknown) =>
      app.log.warn({ err: error }, 'scheduled blogs not published yet; trying again at the next look'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    runLogged();
    timer = setInterval(runLogged, seconds * 1000).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running.catch(() => 0);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduledPublishing: {
      /** Publishes the blogs due now (app.clock); answers how many. */
      run(): Promise<number>;
    };
  }
}

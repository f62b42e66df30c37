import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { remoteFollowers } from '../../db/schema/index.ts';
import { enqueueJobsFrom } from '../jobs/index.ts';

/** The queue of blogs' activities to send out; each job becomes a delivery job per follower inbox (delivery-jobs.ts). */
export const FANOUT_QUEUE = 'federation-fanout';
/** The queue of signed deliveries, one activity for one inbox. */
export const DELIVERY_QUEUE = 'federation-delivery';

/** A published blog, as its events name it: its row id, its blog_id and its author. */
type PublishedBlog = { id: string; blogId: string; authorId: string };

/** What a fan-out job carries: the blog (its row id and blog_id), its author, what happened and when. */
export interface BlogActivity {
  kind: 'create' | 'restore' | 'update' | 'delete';
  id: string;
  blogId?: string | undefined;
  authorId: string;
  at: string;
}

/**
 * Records, in the caller's transaction, that a blog's followers on other servers are to hear of
 * it: the sending happens after the commit, from the job queue, and not at all if it rolls back.
 * An author no one follows from elsewhere (every author while federation is off) adds no job.
 */
export async function queueBlogActivity(tx: Executor, activity: BlogActivity): Promise<void> {
  await enqueueJobsFrom(
    tx,
    FANOUT_QUEUE,
    sql`select ${JSON.stringify(activity)}::jsonb as payload, null::text as key
        where exists (select 1 from ${remoteFollowers} where ${remoteFollowers.userId} = ${activity.authorId})`,
  );
}

/*
 * The blog events' handlers (wired in modules/index.ts): the fediverse hears of a blog first
 * published, of one given back to readers, of an edit of a published blog, and of one deleted,
 * taken back to draft or withheld by staff.
 */
export const queueCreateActivity = (tx: Executor, blog: { id: string; authorId: string }, now: Date) =>
  queueBlogActivity(tx, { kind: 'create', id: blog.id, authorId: blog.authorId, at: now.toISOString() });
export const queueRestoreActivity = (tx: Executor, blog: PublishedBlog, now: Date) =>
  queueBlogActivity(tx, { kind: 'restore', ...blog, at: now.toISOString() });
export const queueUpdateActivity = (tx: Executor, blog: PublishedBlog, now: Date) =>
  queueBlogActivity(tx, { kind: 'update', ...blog, at: now.toISOString() });
export const queueDeleteActivity = (tx: Executor, blog: PublishedBlog, now: Date) =>
  queueBlogActivity(tx, { kind: 'delete', ...blog, at: now.toISOString() });

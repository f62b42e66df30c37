import type { Executor } from '../../db/client.ts';
import { queueBlogActivity } from '../federation/index.ts';
import { notifyFollowers } from '../notifications/index.ts';
import { queueNewsletter } from '../subscribers/index.ts';

/** A blog reaching readers for the first time: its row id (blogs.id) and its author. */
export interface FirstPublish {
  id: string;
  authorId: string;
}

/** A published blog: its row id, its blog_id (its address) and its author. */
export interface PublishedBlog extends FirstPublish {
  blogId: string;
}

/**
 * Runs in the transaction that first publishes a blog (create-blog, a schedule coming due,
 * publish-now), so whatever it starts for the author's audience commits or rolls back with the
 * publish itself, and a blog published, taken back to draft and published again starts it once:
 * followers are notified, e-mail subscribers' mail is queued, and so is the fediverse's Create.
 */
export async function blogFirstPublished(tx: Executor, blog: FirstPublish, now: Date): Promise<void> {
  await queueNewsletter(tx, blog.id);
  await notifyFollowers(tx, { blogId: blog.id, authorId: blog.authorId });
  await queueBlogActivity(tx, { kind: 'create', id: blog.id, authorId: blog.authorId, at: now.toISOString() });
}

/** Runs in the transaction that saves an edit of a blog that is published and stays so. */
export async function publishedBlogChanged(tx: Executor, blog: PublishedBlog, now: Date): Promise<void> {
  await queueBlogActivity(tx, { kind: 'update', ...blog, at: now.toISOString() });
}

/** Runs in the transaction that deletes a published blog or takes it back to draft: readers lose it. */
export async function publishedBlogRemoved(tx: Executor, blog: PublishedBlog, now: Date): Promise<void> {
  await queueBlogActivity(tx, { kind: 'delete', ...blog, at: now.toISOString() });
}

import type { Executor } from '../../db/client.ts';
import { queueNewsletter } from '../subscribers/index.ts';
import { notifyFollowers } from '../notifications/index.ts';

/** A blog reaching readers for the first time: its row id (blogs.id) and its author. */
export interface FirstPublish {
  id: string;
  authorId: string;
}

/**
 * Runs in the transaction that first publishes a blog (create-blog, a schedule coming due,
 * publish-now), so whatever it starts for the author's audience commits or rolls back with the
 * publish itself, and a blog published, taken back to draft and published again starts it once.
 * Its audience hooks (followers' notifications, subscribers' mail, the fediverse) are added here.
 */
export async function blogFirstPublished(tx: Executor, blog: FirstPublish): Promise<void> {
  await queueNewsletter(tx, blog.id);
  await notifyFollowers(tx, { blogId: blog.id, authorId: blog.authorId });
}

import type { Executor } from '../../db/client.ts';
import type { BlogRow } from './blogs.repository.ts';

/** A blog as a save left it: its row id, its author (who saved it), the time of the save and its words. */
export type SavedVersion = Pick<BlogRow, 'draft' | 'title' | 'banner' | 'des' | 'tags' | 'content'> & {
  id: string;
  authorId: string;
  savedAt: Date;
};

/** A blog reaching readers for the first time: its row id (blogs.id) and its author. */
export interface FirstPublish {
  id: string;
  authorId: string;
}

/** A published blog: its row id, its blog_id (its address) and its author. */
export interface PublishedBlog extends FirstPublish {
  blogId: string;
}

/** What each event of a blog tells its handlers. */
interface BlogEventPayloads {
  /** In the transaction of every save of a blog's words (create-blog, an edit, a restored revision). */
  saved: SavedVersion;
  /**
   * In the transaction that first publishes a blog (create-blog, a schedule coming due,
   * publish-now), so whatever it starts for the author's audience commits or rolls back with the
   * publish itself, and a blog published, taken back to draft and published again starts it once.
   */
  firstPublished: FirstPublish;
  /** In the transaction that saves an edit of a blog that is published and stays so. */
  publishedBlogChanged: PublishedBlog;
  /** In the transaction that deletes a published blog, takes it back to draft, or withholds it (staff hid it or suspended its author): readers lose it. */
  publishedBlogRemoved: PublishedBlog;
  /**
   * In the transaction that gives a blog published before back to readers: staff unhid it, restored
   * its author or approved it again, or its author published again a blog they had taken back to draft.
   */
  publishedBlogRestored: PublishedBlog;
}
type BlogEvent = keyof BlogEventPayloads;

/** One reaction to an event, run in the transaction that causes it: it writes rows or jobs, and never calls back into blogs. */
export type BlogEventHandler<E extends BlogEvent> = (
  tx: Executor,
  blog: BlogEventPayloads[E],
  now: Date,
) => Promise<void>;

/**
 * Who hears of each event, in order. The modules that react register their handlers in the
 * composition root (modules/index.ts), so blogs imports none of its listeners.
 */
export type BlogEventHandlers = { readonly [E in BlogEvent]: readonly BlogEventHandler<E>[] };

declare module 'fastify' {
  interface FastifyInstance {
    /** The handlers of the blog events, which every write of a blog runs (modules/index.ts wires them). */
    blogEvents: BlogEventHandlers;
  }
}

/** Runs an event's handlers one after another in the caller's transaction. */
export async function emitBlogEvent<E extends BlogEvent>(
  handlers: BlogEventHandlers,
  event: E,
  tx: Executor,
  blog: BlogEventPayloads[E],
  now: Date,
): Promise<void> {
  for (const handler of handlers[event]) await handler(tx, blog, now);
}

import fp from 'fastify-plugin';
import { blogRoutes } from './blogs.routes.ts';
import { publishingRoutes } from './publishing.routes.ts';
import { registerReadCounts } from './read-counts.ts';
import { registerRerender } from './rerender.ts';
import { decideReview, listAwaitingReview } from './review.ts';
import { registerScheduledPublishing } from './scheduled-publishing.ts';
import { setBlogHidden } from './withheld.ts';
import { importBlog, saveBlog } from './blogs.service.ts';
import { activityChanged, activityUpdate, addToActivity } from './blogs.repository.ts';

/**
 * Blogs: the one owner of the blogs table (create, edit, get, delete, scheduled publishing, its
 * counters and read counts) and of the one rule of who may read a blog, and the events it declares,
 * whose handlers the composition root wires. `blogsModule` decorates the app itself with the
 * batched read counts (`app.readCounts`, which get-blog's routes count with) and the scheduler
 * (`app.scheduledPublishing`), queues the rendering again of blogs stored by older rules
 * (rerender.ts), then registers its routes.
 */
export const blogsModule = fp(
  async (app) => {
    registerReadCounts(app);
    registerScheduledPublishing(app);
    registerRerender(app);
    await app.register(blogRoutes);
    await app.register(publishingRoutes);
  },
  { name: 'blogs' },
);
export type { BlogEventHandlers } from './blog-events.ts';
export { blogCardColumns, findBlog, findBlogForUpdate, lockBlog, type BlogCardRow } from './blogs.repository.ts';
export { presentBlog, presentBlogCard, publicationDates } from './blogs.presenter.ts';
export { answerGetBlog } from './blogs.service.ts';
export { lockAuthorBlogs } from './withheld.ts';

/** What staff do to a blog: hide or unhide it, and decide one waiting for review (review.ts). */
export const staffBlogActions = { setHidden: setBlogHidden, decideReview, listAwaitingReview };

/** How another module writes a blog: as its author saves it (a revision restored), or as an import brings it (modules/imports). */
export const blogWriters = { save: saveBlog, import: importBlog };

/**
 * A blog's like and comment counters: changed within the caller's transaction (`add`), or as a part
 * of a statement of the caller's own (`update`, then `changed` once it has run).
 */
export const blogActivity = { add: addToActivity, update: activityUpdate, changed: activityChanged };

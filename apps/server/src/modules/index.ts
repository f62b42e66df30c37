import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlogEventHandlers } from './blogs/index.ts';
import { queueCreateActivity, queueDeleteActivity, queueUpdateActivity } from './federation/index.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { avatarRoutes } from './avatars/avatars.routes.ts';
import { addTitleWords } from './blog-lists/index.ts';
import { blogListRoutes } from './blog-lists/blog-lists.routes.ts';
import { blogRoutes } from './blogs/blogs.routes.ts';
import { bookmarkRoutes } from './bookmarks/bookmarks.routes.ts';
import { publishingRoutes } from './blogs/publishing.routes.ts';
import { previewLinkRoutes } from './preview-links/preview-links.routes.ts';
import { keepRevision } from './revisions/index.ts';
import { revisionRoutes } from './revisions/revisions.routes.ts';
import { commentRoutes } from './comments/comments.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { discoveryRoutes } from './discovery/discovery.routes.ts';
import { followRoutes } from './follows/follows.routes.ts';
import { likeRoutes } from './likes/likes.routes.ts';
import { linkPreviewRoutes } from './link-preview/link-preview.routes.ts';
import { notifyFollowers } from './notifications/index.ts';
import { notificationRoutes } from './notifications/notifications.routes.ts';
import { profileRoutes } from './profiles/profiles.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { queueNewsletter, subscriberRoutes } from './subscribers/index.ts';
import { systemRoutes } from './system/system.routes.ts';
import { uploadRoutes } from './uploads/uploads.routes.ts';

export { registerJobs } from './jobs/index.ts';
export { registerMailer } from './mail/index.ts';
export { registerReadCounts } from './blogs/read-counts.ts';
export { registerFederation } from './federation/index.ts';
export { registerScheduledPublishing } from './blogs/scheduled-publishing.ts';
export { registerWeb } from './web/web.routes.ts';

/**
 * Who hears of each blog event, in this order, inside the transaction that causes it: the words of
 * its title for typo search and its revisions; the e-mail subscribers' newsletter, the followers'
 * new_blog notifications and the fediverse's activities.
 */
export const blogEventHandlers: BlogEventHandlers = {
  saved: [addTitleWords, keepRevision],
  firstPublished: [queueNewsletter, notifyFollowers, queueCreateActivity],
  publishedBlogChanged: [queueUpdateActivity],
  publishedBlogRemoved: [queueDeleteActivity],
};

/** Every feature module, registered in this order by buildApp. */
export const modules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  avatarRoutes,
  authRoutes,
  settingsRoutes,
  dashboardRoutes,
  blogRoutes,
  revisionRoutes,
  publishingRoutes,
  previewLinkRoutes,
  blogListRoutes,
  likeRoutes,
  bookmarkRoutes,
  followRoutes,
  profileRoutes,
  uploadRoutes,
  linkPreviewRoutes,
  commentRoutes,
  notificationRoutes,
  discoveryRoutes,
  subscriberRoutes,
];

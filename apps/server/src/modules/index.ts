import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changed, Tags } from '../plugins/cache-tags.ts';
import { forgetRateLimitsOf } from '../plugins/rate-limits.ts';
import { authModule } from './auth/index.ts';
import { avatarsModule } from './avatars/index.ts';
import { blocksModule, type BlockEventHandlers } from './blocks/index.ts';
import { addTitleWords, blogListsModule } from './blog-lists/index.ts';
import { blogsModule, lockAuthorBlogs, type BlogEventHandlers } from './blogs/index.ts';
import { bookmarksModule } from './bookmarks/index.ts';
import { anonymiseCommentsBy, commentsModule } from './comments/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { discoveryModule } from './discovery/index.ts';
import { exportsModule } from './exports/index.ts';
import {
  federationModule,
  queueCreateActivity,
  queueDeleteActivity,
  leaveFediverse,
  queueRestoreActivity,
  queueUpdateActivity,
} from './federation/index.ts';
import { endFollowsBetween, endFollowsOf, followsModule } from './follows/index.ts';
import { identityModule } from './identity/index.ts';
import { forgetImportedAuthor, importsModule } from './imports/index.ts';
import { forgetDeadJobsOf, jobsModule } from './jobs/index.ts';
import { likesModule, removeLikesBy } from './likes/index.ts';
import { linkPreviewModule } from './link-preview/index.ts';
import { mailModule } from './mail/index.ts';
import { metricsModule } from './metrics/index.ts';
import { notificationsModule, notifyFollowers } from './notifications/index.ts';
import { previewLinksModule } from './preview-links/index.ts';
import { proofOfWorkModule } from './proof-of-work/index.ts';
import { profilesModule } from './profiles/index.ts';
import { deleteReportsOfCommentsBy, reportsModule } from './reports/index.ts';
import { keepRevision, revisionsModule } from './revisions/index.ts';
import { settingsModule } from './settings/index.ts';
import { anonymiseStaffRecordsOf, staffModule } from './staff/index.ts';
import { statisticsModule } from './statistics/index.ts';
import { endSubscriptionsOf, queueNewsletter, subscribersModule } from './subscribers/index.ts';
import { systemModule } from './system/index.ts';
import { queueForgettingImagesOf, uploadsModule } from './uploads/index.ts';
import type { UserEventHandlers } from './users/index.ts';
import { webModule } from './web/index.ts';

/*
 * The composition root of the modules. A module never imports its listeners nor this file: the
 * handlers of the events a module declares (a blog's, a block's), and the order the modules are
 * registered in, are written here.
 */

/**
 * Who hears of each blog event, in this order, inside the transaction that causes it: the words of
 * its title for typo search and its revisions; the read cache, for every change readers see; the e-mail subscribers' newsletter, the followers'
 * new_blog notifications and the fediverse's activities (a blog given back to readers is sent to the
 * fediverse again, but mails and notifies nobody twice).
 */
/**
 * The read cache's handler of every event readers see (a blog published, edited, removed or given
 * back): the blog's own answers and comments, its author's (their count of posts) and every list go.
 */
const changeShownToReaders: BlogEventHandlers['firstPublished'][number] = async (_tx, blog) =>
  changed(Tags.blog(blog.id), Tags.comments(blog.id), Tags.member(blog.authorId), Tags.listings);

export const blogEventHandlers: BlogEventHandlers = {
  saved: [addTitleWords, keepRevision],
  firstPublished: [changeShownToReaders, queueNewsletter, notifyFollowers, queueCreateActivity],
  publishedBlogChanged: [changeShownToReaders, queueUpdateActivity],
  publishedBlogRemoved: [changeShownToReaders, queueDeleteActivity],
  publishedBlogRestored: [changeShownToReaders, queueRestoreActivity],
};

/**
 * Who hears of a member leaving (their account deleted, by their own hand or an admin's), inside
 * its transaction, before the row goes (docs/product/rules.md Deleting an account): the fediverse's
 * farewell first, while their blogs and followers are there to name; their blogs (out of the
 * counts); their likes, each with the counters of others; the reports of their comments, then
 * those comments, which stay as "[deleted]" under their replies; their follows both ways, with the
 * counters; their subscriptions; their images (files and all, once the deletion commits); their
 * name in the staff's records; their rate limits; their jobs given up; their entry in the site
 * imports that brought them in. The rest goes with the row.
 */
const deleteBlogsOfLeaving: UserEventHandlers['leaving'][number] = async (tx, { userId }, now) =>
  (await lockAuthorBlogs(tx, blogEventHandlers, userId)).deleteAll(now);

export const userEventHandlers: UserEventHandlers = {
  leaving: [
    leaveFediverse,
    deleteBlogsOfLeaving,
    removeLikesBy,
    deleteReportsOfCommentsBy,
    anonymiseCommentsBy,
    endFollowsOf,
    endSubscriptionsOf,
    queueForgettingImagesOf,
    anonymiseStaffRecordsOf,
    forgetRateLimitsOf,
    forgetDeadJobsOf,
    forgetImportedAuthor,
  ],
};

/** Who hears of a new block, inside its transaction: the follows between the two members end. */
export const blockEventHandlers: BlockEventHandlers = {
  blocked: [endFollowsBetween],
};

/**
 * Every module that registers something, in the order buildApp registers them: the metrics first
 * (their hook counts every answer), the job worker and the mailer next (they decorate the app for
 * the modules that queue jobs and send mail), the web app before the API modules (its catch-all
 * page route and `sendSpa`), the fediverse last.
 */
export const modules: (FastifyPluginAsync | FastifyPluginAsyncZod)[] = [
  metricsModule,
  jobsModule,
  mailModule,
  webModule,
  systemModule,
  identityModule,
  avatarsModule,
  proofOfWorkModule,
  authModule,
  settingsModule,
  exportsModule,
  staffModule,
  dashboardModule,
  statisticsModule,
  blogsModule,
  revisionsModule,
  previewLinksModule,
  blogListsModule,
  likesModule,
  bookmarksModule,
  followsModule,
  blocksModule,
  profilesModule,
  uploadsModule,
  importsModule,
  linkPreviewModule,
  commentsModule,
  reportsModule,
  notificationsModule,
  discoveryModule,
  subscribersModule,
  federationModule,
];

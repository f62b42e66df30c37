/**
 * Notifications: what likes, comments, replies, follows, reports and staff actions write for their receivers (each in the
 * transaction that causes it, a like's, comment's or reply's in its one statement; `notifyFollowers` is a handler of the blogs' `firstPublished` event),
 * and whether a user has a new one. `notificationsModule` is their routes and live stream.
 */
export { notificationRoutes as notificationsModule } from './notifications.routes.ts';
export { likeNotificationRemoval, replyRemembered } from './notifications.repository.ts';
export {
  forgetDeletedComments,
  hasNewNotification,
  notifyFollowers,
  notifyOfStaffAction,
  notifyStaffOfReport,
  personalNotification,
} from './notifications.service.ts';

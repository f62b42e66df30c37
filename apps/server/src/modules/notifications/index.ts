/**
 * Notifications: what likes, comments, replies, follows, reports and staff actions write for their receivers (each in the
 * transaction that causes it; `notifyFollowers` is a handler of the blogs' `firstPublished` event),
 * and whether a user has a new one. `notificationsModule` is their routes and live stream.
 */
export { notificationRoutes as notificationsModule } from './notifications.routes.ts';
export {
  forgetDeletedComments,
  hasNewNotification,
  notifyComment,
  notifyFollowers,
  notifyLike,
  notifyOfStaffAction,
  notifyReply,
  notifyStaffOfReport,
  removeLikeNotification,
} from './notifications.service.ts';

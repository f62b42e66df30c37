/**
 * Notifications: what likes, comments, replies and follows write for their receivers (each in the
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
  notifyReply,
  removeLikeNotification,
} from './notifications.service.ts';

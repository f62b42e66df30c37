export {
  forgetDeletedComments,
  hasNewNotification,
  notifyComment,
  notifyFollowers,
  notifyLike,
  notifyReply,
  removeLikeNotification,
} from './notifications.service.ts';

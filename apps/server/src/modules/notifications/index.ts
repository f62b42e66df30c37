export { forgetDeletedComments, hasNewNotification, notifyComment, notifyLike, notifyReply, removeLikeNotification } from './notifications.service.ts';

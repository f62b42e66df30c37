import { commentCan, type Notification, type PersonalInfo } from '@inkwell/contracts';
import type { NotificationRow } from './notifications.repository.ts';

const personalInfo = (u: NotificationRow['user']): PersonalInfo => ({
  fullname: u.fullname,
  username: u.username,
  profile_img: u.profileImg,
});

const commentRef = (c: { id: string; comment: string } | null) => (c ? { _id: c.id, comment: c.comment } : null);

/** A notification for `viewerId`, who may delete its comment when it is theirs or on their blog. */
export function presentNotification(row: NotificationRow, viewerId: string): Notification {
  return {
    _id: row.id,
    type: row.type,
    seen: row.seen,
    createdAt: row.createdAt.toISOString(),
    user: { personal_info: personalInfo(row.user) },
    blog: {
      _id: row.blog.id,
      blog_id: row.blog.blogId,
      title: row.blog.title,
      author: { personal_info: personalInfo(row.author) },
    },
    comment: row.comment && {
      _id: row.comment.id,
      comment: row.comment.comment,
      can: commentCan(viewerId, { commentedBy: row.comment.commentedBy, blogAuthorId: row.blog.authorId }),
    },
    replied_on_comment: commentRef(row.repliedOnComment),
    reply: commentRef(row.reply),
  };
}

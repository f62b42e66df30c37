import type { Notification, PersonalInfo } from '@inkwell/contracts';
import type { NotificationRow } from './notifications.repository.ts';

const personalInfo = (u: NotificationRow['user']): PersonalInfo => ({ fullname: u.fullname, username: u.username, profile_img: u.profileImg });

const commentRef = (c: NotificationRow['comment']) => (c ? { _id: c.id, comment: c.comment } : null);

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    type: row.type,
    seen: row.seen,
    createdAt: row.createdAt.toISOString(),
    user: { personal_info: personalInfo(row.user) },
    blog: { _id: row.blog.id, blog_id: row.blog.blogId, title: row.blog.title, author: { personal_info: personalInfo(row.author) } },
    comment: commentRef(row.comment),
    replied_on_comment: commentRef(row.repliedOnComment),
    reply: commentRef(row.reply),
  };
}

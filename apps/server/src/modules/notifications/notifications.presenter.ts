import {
  commentCan,
  type AnyNotification,
  type ModerationNotification,
  type PersonalInfo,
  type ReportNotification,
} from '@inkwell/contracts';
import type { NotificationRow } from './notifications.repository.ts';

const personalInfo = (u: { fullname: string; username: string; profileImg: string }): PersonalInfo => ({
  fullname: u.fullname,
  username: u.username,
  profile_img: u.profileImg,
});

const commentRef = (c: { id: string; comment: string } | null) => (c ? { _id: c.id, comment: c.comment } : null);

// The check notifications_about holds each kind's reference, so its left-joined row is there.
const reportTarget = (report: NonNullable<NotificationRow['report']>) =>
  report.blogId ? 'blog' : report.commentId ? 'comment' : 'user';

/** A notification for `viewerId`, who may delete its comment when it is theirs or on their blog. */
export function presentNotification(row: NotificationRow, viewerId: string): AnyNotification {
  const base = { _id: row.id, seen: row.seen, createdAt: row.createdAt.toISOString() };
  if (row.type === 'report') {
    const report = row.report!;
    return {
      ...base,
      type: 'report',
      report: {
        _id: report.id,
        reason: report.reason as ReportNotification['report']['reason'],
        target: reportTarget(report),
        snapshot: report.snapshot,
      },
    };
  }
  if (row.type === 'moderation') {
    const moderation = row.moderation!;
    return {
      ...base,
      type: 'moderation',
      moderation: { ...moderation, action: moderation.action as ModerationNotification['moderation']['action'] },
    };
  }
  const blog = row.blog!;
  return {
    ...base,
    type: row.type,
    user: { personal_info: personalInfo(row.user) },
    blog: {
      _id: blog.id,
      blog_id: blog.blogId,
      title: blog.title,
      author: { personal_info: personalInfo(row.author!) },
    },
    comment: row.comment && {
      _id: row.comment.id,
      comment: row.comment.comment,
      can: commentCan(viewerId, { commentedBy: row.comment.commentedBy, blogAuthorId: blog.authorId }),
    },
    replied_on_comment: commentRef(row.repliedOnComment),
    reply: commentRef(row.reply),
  };
}

import { useState } from 'react';
import { Link } from 'react-router';
import { blogPath, Messages, profilePath, type Notification, type NotificationType } from '@inkwell/contracts';
import { Avatar } from '../../../components/avatar.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSession } from '../../../lib/session.tsx';
import { CommentField, DeleteCommentButton } from '../../comments/index.ts';
import { notifyError } from '../../../lib/notify.ts';

// new_blog: `user` is an author the reader follows, who published the blog.
const ACTIONS = {
  like: 'liked your blog',
  comment: 'commented on',
  reply: 'replied on',
  new_blog: 'published',
} as const satisfies Record<NotificationType, string>;

/**
 * One notification: who, what and where, the comment it is about, when, and whether it is new. On
 * a comment or reply the reader can answer it, and delete it when it is on their own blog.
 */
export function NotificationCard({
  notification,
  onCommentDeleted,
}: {
  notification: Notification;
  onCommentDeleted: (commentIds: string[]) => void;
}) {
  const { session } = useSession();
  const { type, seen, createdAt, user, blog, comment, replied_on_comment } = notification;
  const { fullname, username, profile_img } = user.personal_info;
  const [reply, setReply] = useState(notification.reply);
  const [replying, setReplying] = useState(false);

  const onReply = () => {
    if (!session) return notifyError(Messages.loginToReply);
    setReplying((open) => !open);
  };

  return (
    <li
      aria-label={`${fullname} ${ACTIONS[type]} ${blog.title}`}
      className={`border-b border-neutral-100 p-6 ${seen ? '' : 'border-l-2 border-l-accent'}`}
    >
      <div className="flex gap-5">
        <Avatar src={profile_img} size={56} />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-neutral-900">
            <Link to={profilePath(username)} className="capitalize underline-offset-2 hover:underline">
              {fullname}
            </Link>{' '}
            <Link to={profilePath(username)} className="font-normal text-neutral-600 underline underline-offset-2">
              @{username}
            </Link>{' '}
            <span className="font-normal">{ACTIONS[type]}</span>{' '}
            <Link to={blogPath(blog.blog_id)} className="font-medium underline underline-offset-2">
              “{blog.title}”
            </Link>
            {!seen && (
              <span className="ml-2 inline-block rounded-full bg-red-700 px-2 text-xs leading-5 font-normal text-white">
                New
              </span>
            )}
          </p>
          {replied_on_comment && (
            <blockquote
              className="mt-4 rounded-md bg-neutral-100 p-4 break-words text-neutral-700"
              aria-label="Your comment"
            >
              {replied_on_comment.comment}
            </blockquote>
          )}
          {comment && <p className="mt-4 font-serif text-xl break-words whitespace-pre-line">{comment.comment}</p>}
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-neutral-600">
            <time dateTime={createdAt}>{formatDate(createdAt)}</time>
            {comment && (
              <>
                {!reply && (
                  <button
                    type="button"
                    className="text-neutral-900 underline underline-offset-2"
                    onClick={onReply}
                    aria-expanded={replying}
                  >
                    Reply
                  </button>
                )}
                {comment.can.delete && (
                  <DeleteCommentButton commentId={comment._id} onDeleted={({ deleted }) => onCommentDeleted(deleted)} />
                )}
              </>
            )}
          </div>
          {replying && comment && (
            <div className="mt-5">
              <CommentField
                blog={{ _id: blog._id, author: blog.author.personal_info.username }}
                replyingTo={comment._id}
                action="Reply"
                label={`Reply to ${fullname}`}
                autoFocus
                onAdded={(added) => {
                  setReply({ _id: added._id, comment: added.comment });
                  setReplying(false);
                }}
              />
            </div>
          )}
          {reply && (
            <div className="mt-5 ml-6 rounded-md bg-neutral-100 p-4" aria-label="Your reply">
              <p className="text-sm text-neutral-600">You replied</p>
              <p className="mt-1 break-words whitespace-pre-line">{reply.comment}</p>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

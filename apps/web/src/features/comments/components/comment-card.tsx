import { useCallback, useState } from 'react';
import {
  countOf,
  CommentMessages,
  Messages,
  profilePath,
  type Blog,
  type Comment,
  type DeleteCommentResponse,
} from '@inkwell/contracts';
import { Avatar } from '../../../components/avatar.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/navigation.tsx';
import { useSession } from '../../../lib/session.tsx';
import { fetchReplies } from '../api/comments.ts';
import { useCommentList } from '../use-comment-list.ts';
import { CommentField } from './comment-field.tsx';
import { DeleteCommentButton } from './delete-comment-button.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { ReportControl } from '../../reports/index.ts';

/** Deeper replies keep this indent, so a long thread still fits the panel. */
const MAX_INDENT_LEVEL = 5;

/** What the panel hears from any depth of the thread, to keep the blog's counts right. */
export interface ThreadEvents {
  replyAdded: () => void;
  /** A comment and its replies were deleted; these are the blog's new counters. */
  deleted: (counts: DeleteCommentResponse) => void;
}

export interface CommentCardProps {
  comment: Comment;
  /** 0 for a top-level comment, its parent's level + 1 for a reply. */
  level: number;
  blog: Blog;
  events: ThreadEvents;
  /** Takes this comment out of its parent's list once it is deleted. */
  onRemoved: (id: string) => void;
}

/**
 * One comment: who and when (nobody, with no profile, once its writer deleted their account), the
 * text, Reply, Delete for the commenter or blog author, and its replies on demand.
 */
export function CommentCard({ comment, level, blog, events, onRemoved }: CommentCardProps) {
  const { session } = useSession();
  const { fullname, username, profile_img } = comment.commented_by.personal_info;
  const gone = !username;
  const [replyCount, setReplyCount] = useState(comment.children.length);
  const [repliesShown, setRepliesShown] = useState(false);
  const [replying, setReplying] = useState(false);
  const loadReplies = useCallback((skip: number) => fetchReplies(comment._id, skip), [comment._id]);
  const replies = useCommentList({ load: loadReplies, newestFirst: false });

  const loadMoreReplies = async () => {
    if (!(await replies.loadMore())) notifyError(Messages.repliesFailed);
  };
  const toggleReplies = async () => {
    if (repliesShown) return setRepliesShown(false);
    if (replies.items.length === 0 && !(await replies.loadMore())) return notifyError(Messages.repliesFailed);
    setRepliesShown(true);
  };
  const onReply = () => {
    if (!session) return notifyError(Messages.loginToReply);
    setReplying((open) => !open);
  };
  const onAdded = (reply: Comment) => {
    replies.add(reply);
    setReplyCount((n) => n + 1);
    setRepliesShown(true);
    setReplying(false);
    events.replyAdded();
  };
  const onReplyRemoved = (id: string) => {
    replies.remove(id);
    setReplyCount((n) => n - 1);
  };
  const onDeleted = (counts: DeleteCommentResponse) => {
    onRemoved(comment._id);
    events.deleted(counts);
  };

  const hidden = replyCount - replies.items.length;
  return (
    <li
      aria-label={`Comment by ${fullname}`}
      data-level={level}
      className="mt-5"
      style={{ marginLeft: level > 0 && level <= MAX_INDENT_LEVEL ? '1.5rem' : undefined }}
    >
      <div className="rounded-md border border-neutral-100 p-5">
        <div className="mb-3 flex items-center gap-3">
          <Avatar src={profile_img} size={32} />
          <p className="min-w-0 flex-1 text-sm leading-5">
            {/* A writer who deleted their account has no name and no profile: DELETED_MEMBER, as it is. */}
            <span className={`block truncate ${gone ? '' : 'capitalize'}`}>{fullname}</span>
            {!gone && (
              <Link to={profilePath(username)} className="block truncate text-neutral-600 underline underline-offset-2">
                @{username}
              </Link>
            )}
          </p>
          <time dateTime={comment.commentedAt} className="flex-none self-start text-sm text-neutral-500">
            {formatDate(comment.commentedAt)}
          </time>
        </div>
        <p className="font-serif text-lg break-words whitespace-pre-line">{comment.comment}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          {replyCount > 0 && (
            <button
              type="button"
              className="text-neutral-600 underline underline-offset-2"
              onClick={() => void toggleReplies()}
              aria-expanded={repliesShown}
              disabled={replies.status === 'loading'}
            >
              {repliesShown ? 'Hide replies' : `Show ${countOf(replyCount, 'reply', 'replies')}`}
            </button>
          )}
          <button type="button" className="underline underline-offset-2" onClick={onReply} aria-expanded={replying}>
            Reply
          </button>
          {comment.can.delete && <DeleteCommentButton commentId={comment._id} onDeleted={onDeleted} />}
          {session && !gone && session.username !== username && comment.comment !== CommentMessages.removedByStaff && (
            <ReportControl target={{ type: 'comment', comment_id: comment._id }} />
          )}
        </div>
        {replying && (
          <div className="mt-5">
            <CommentField
              blog={{ _id: blog._id, author: blog.author.personal_info.username }}
              replyingTo={comment._id}
              action="Reply"
              label={`Reply to ${fullname}`}
              onAdded={onAdded}
              autoFocus
            />
          </div>
        )}
      </div>
      {repliesShown && replies.items.length > 0 && (
        <ul aria-label={`Replies to ${fullname}`}>
          {replies.items.map((reply) => (
            <CommentCard
              key={reply._id}
              comment={reply}
              level={level + 1}
              blog={blog}
              events={events}
              onRemoved={onReplyRemoved}
            />
          ))}
        </ul>
      )}
      {repliesShown && hidden > 0 && (
        <button
          type="button"
          className="btn-light mt-3 ml-6 px-4 py-1.5 text-sm"
          onClick={() => void loadMoreReplies()}
          disabled={replies.status === 'loading'}
        >
          Load more replies
        </button>
      )}
    </li>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { commentError, Limits, Messages, type Comment, type ErrorCode } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../../components/field-error-message.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useAddComment } from '../api/comments.ts';

export interface CommentFieldProps {
  /** The Blog's `_id` and its author's username (sent as docs/api.md's blog_author). */
  blog: { _id: string; author: string };
  /** The comment answered, for a reply. */
  replyingTo?: string | undefined;
  /** The button's text: 'Comment' or 'Reply'. */
  action: 'Comment' | 'Reply';
  /** Names the form, e.g. 'Reply to Ann'. */
  label: string;
  onAdded: (comment: Comment) => void;
  autoFocus?: boolean;
}

/** The refusals whose own words tell the commenter what to do: a rate limit, a silenced account, an address to confirm, a block. */
const TOLD_AS_IS = new Set<ErrorCode | undefined>([
  'rate_limited',
  'account_silenced',
  'email_unverified',
  'blocked_by_author',
  'blocked_by_commenter',
  'member_blocked',
]);

/** The comment box of docs/product/rules.md: signed in, not empty, then sent; the new comment is handed up at once. */
export function CommentField({ blog, replyingTo, action, label, onAdded, autoFocus = false }: CommentFieldProps) {
  const { session } = useSession();
  const [text, setText] = useState('');
  const id = useId();
  const errors = useFormErrors(replyingTo ? `reply:${replyingTo}` : `comment:${blog._id}`);
  const error = errors.about('comment');

  const send = useAddComment({
    onSuccess: (comment) => {
      setText('');
      errors.succeed();
      onAdded(comment);
    },
    // A rate limit says how long to wait, a silenced account why, an unconfirmed address what to do, a block whose it is; any other failure is docs/product/rules.md's.
    onError: (e) =>
      errors.refuse(e instanceof ApiError && TOLD_AS_IS.has(e.code) ? e.message : Messages.somethingWrong),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!session) {
      errors.refuse(Messages.loginToComment);
      return;
    }
    const refusal = commentError(text);
    if (refusal) {
      errors.refuse(refusal);
      return;
    }
    send.mutate({ _id: blog._id, comment: text, blog_author: blog.author, replying_to: replyingTo });
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate aria-label={label}>
      <label htmlFor={id} className="sr-only">
        {action === 'Reply' ? 'Your reply' : 'Your comment'}
      </label>
      <textarea
        id={id}
        name="comment"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={action === 'Reply' ? 'Write a reply…' : 'Leave a comment…'}
        maxLength={Limits.commentMax}
        autoFocus={autoFocus}
        {...fieldErrorProps(error)}
        className="input-box h-[120px] resize-none pl-5 leading-7"
      />
      <FieldErrorMessage error={error} />
      <button type="submit" className="btn-dark mt-4 px-8" disabled={send.isPending}>
        {action}
      </button>
    </form>
  );
}

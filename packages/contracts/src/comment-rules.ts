import type { FieldError } from './fields.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';

/** Texts of the comment rules SPEC.md leaves to us. */
export const CommentMessages = {
  commentTooLong: `Comment must be at most ${Limits.commentMax} characters`,
  tooManyComments: 'Too many comments',
  blogNotFound: 'Blog not found',
  commentNotFound: 'Comment not found',
  deleteNotAllowed: 'Only the commenter or the blog’s author can delete this comment',
} as const;

/** SPEC §5 Comment: not empty after trimming, and not longer than the limit. Answers the refusal, or null. */
export function commentError(comment: string): FieldError | null {
  const text = comment.trim();
  if (!text) return { field: 'comment', message: Messages.commentEmpty };
  if (text.length > Limits.commentMax) return { field: 'comment', message: CommentMessages.commentTooLong };
  return null;
}

import type { FieldRefusal } from './error-codes.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';

/** Texts of the comment rules that are Inkwell's own (the original contract's are in messages.ts). */
export const CommentMessages = {
  commentTooLong: `Comment must be at most ${Limits.commentMax} characters`,
  tooManyComments: 'Too many comments',
  /** What a comment the staff deleted says in its place: its thread keeps its shape, its words are gone. */
  removedByStaff: '[removed by the site’s staff]',
} as const;

/** docs/product/rules.md Comment: not empty after trimming, and not longer than the limit. Answers the refusal, or null. */
export function commentError(comment: string): FieldRefusal | null {
  const text = comment.trim();
  if (!text) return { field: 'comment', code: 'comment_empty', message: Messages.commentEmpty };
  if (text.length > Limits.commentMax)
    return { field: 'comment', code: 'comment_too_long', message: CommentMessages.commentTooLong };
  return null;
}

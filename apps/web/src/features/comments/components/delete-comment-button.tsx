import { toast } from '../../../lib/toast.ts';
import { Messages, type DeleteCommentResponse } from '@inkwell/contracts';
import { notifyError } from '../../../lib/notify.ts';
import { useDeleteComment } from '../api/comments.ts';

export interface DeleteCommentButtonProps {
  commentId: string;
  /** The comment and its replies are gone: the answer names them all, with the blog's new counters. */
  onDeleted: (answer: DeleteCommentResponse) => void;
}

/** Delete of docs/product/permissions.md (shown when the comment's `can` allows it), with docs/product/rules.md's two outcomes. */
export function DeleteCommentButton({ commentId, onDeleted }: DeleteCommentButtonProps) {
  const remove = useDeleteComment(commentId, {
    onSuccess: (answer) => {
      onDeleted(answer);
      toast.success(Messages.commentDeleted);
    },
    onError: () => notifyError(Messages.deleteCommentFailed),
  });

  return (
    // Still disabled once deleted, until the comment leaves the list.
    <button
      type="button"
      className="text-red-600 underline underline-offset-2 disabled:opacity-50"
      onClick={() => remove.mutate()}
      disabled={remove.isPending || remove.isSuccess}
    >
      Delete
    </button>
  );
}

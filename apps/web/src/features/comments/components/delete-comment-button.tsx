import { useState } from 'react';
import toast from 'react-hot-toast';
import { Messages } from '@inkwell/contracts';
import { notifyError } from '../../../lib/notify.ts';

/** Delete of SPEC §6 (shown to the commenter or the blog's author), with SPEC §8's two outcomes. */
export function DeleteCommentButton({ onDelete }: { onDelete: () => Promise<void> }) {
  const [deleting, setDeleting] = useState(false);

  const onClick = async () => {
    setDeleting(true);
    try {
      await onDelete();
      toast.success(Messages.commentDeleted);
    } catch {
      notifyError(Messages.deleteCommentFailed);
      setDeleting(false);
    }
  };

  return (
    <button type="button" className="text-red-600 underline underline-offset-2 disabled:opacity-50" onClick={() => void onClick()} disabled={deleting}>
      Delete
    </button>
  );
}

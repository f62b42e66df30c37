import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useBlock } from '../api/block.ts';
import { useIsBlocked } from '../api/is-blocked.ts';

/** Block / Unblock on someone else's profile, for a signed-in reader: Block asks first, Unblock does not. */
export function BlockControl({ username }: { username: string }) {
  const blocked = useIsBlocked(username);
  const [confirming, setConfirming] = useState(false);
  const block = useBlock(username, {
    onSuccess: (now) => {
      setConfirming(false);
      toast.success(now ? `You blocked @${username}` : `You unblocked @${username}`, { id: 'block' });
    },
    onError: (error) => notifyError(error.message),
  });

  if (confirming) {
    return (
      <ConfirmDialog
        confirmLabel="Block"
        busy={block.isPending}
        onConfirm={() => block.mutate(true)}
        onCancel={() => setConfirming(false)}
        className="max-w-[320px]"
      >
        Block @{username}? They will not be able to follow you, comment on your blogs or reply to your comments, and you
        will not see their comments. Any follow between you ends. They are not told.
      </ConfirmDialog>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 max-md:justify-center">
      {blocked && <p className="text-neutral-700">You blocked @{username}.</p>}
      <button
        type="button"
        className="w-fit text-neutral-600 underline underline-offset-4 hover:text-neutral-900"
        disabled={block.isPending}
        onClick={() => (blocked ? block.mutate(false) : setConfirming(true))}
      >
        {blocked ? 'Unblock' : 'Block'}
        <span className="sr-only"> @{username}</span>
      </button>
    </div>
  );
}

import { Link } from 'react-router';
import { editorPath } from '@inkwell/contracts';
import { toast } from '../../../lib/toast.ts';
import { useCancelSchedule, usePublishNow } from '../api/publishing.ts';

/** What the author may do to a scheduled blog: pick another time in the editor, publish it now, or keep it a draft. */
export function ScheduleActions({ blogId }: { blogId: string }) {
  const failed = (e: Error) => toast.error(e.message);
  const publish = usePublishNow(blogId, { onSuccess: () => toast.success('Published'), onError: failed });
  const cancel = useCancelSchedule(blogId, {
    onSuccess: () => toast.success('Back to draft: no longer scheduled'),
    onError: failed,
  });
  const busy = publish.isPending || cancel.isPending;
  return (
    <>
      <Link to={editorPath(blogId)} className="underline underline-offset-4">
        Reschedule
      </Link>
      <button type="button" className="underline underline-offset-4" onClick={() => publish.mutate()} disabled={busy}>
        Publish now
      </button>
      <button type="button" className="underline underline-offset-4" onClick={() => cancel.mutate()} disabled={busy}>
        Back to draft
      </button>
    </>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { editorPath } from '@inkwell/contracts';
import toast from 'react-hot-toast';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { cancelSchedule, publishNow } from '../api/publishing.ts';
import { allOwnBlogsKey } from '../api/own-blogs.ts';

/** What the author may do to a scheduled blog: pick another time in the editor, publish it now, or keep it a draft. */
export function ScheduleActions({ blogId }: { blogId: string }) {
  const queryClient = useQueryClient();
  const changed = (message: string) => {
    toast.success(message);
    // The blog moves between the tabs, and onto the site's lists.
    void queryClient.invalidateQueries({ queryKey: allOwnBlogsKey });
    void queryClient.invalidateQueries({ queryKey: blogListsKey });
  };
  const publish = useMutation({
    mutationFn: () => publishNow(blogId),
    onSuccess: () => changed('Published'),
    onError: (e) => toast.error(e.message),
  });
  const cancel = useMutation({
    mutationFn: () => cancelSchedule(blogId),
    onSuccess: () => changed('Back to draft: no longer scheduled'),
    onError: (e) => toast.error(e.message),
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

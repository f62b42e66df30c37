import { toast } from '../../../lib/toast.ts';
import type { ReadingListBlog } from '@inkwell/contracts';
import { useRemoveSavedBlog } from '../api/reading-list.ts';

/** Takes a blog off the reading list once the server has (the card then leaves the list). */
export function RemoveSavedButton({ blog }: { blog: ReadingListBlog }) {
  const remove = useRemoveSavedBlog(blog._id, {
    onSuccess: () => toast.success('Removed from your reading list', { id: 'bookmark' }),
    onError: (error) => toast.error(error.message),
  });
  return (
    <button
      type="button"
      className="underline underline-offset-4 hover:text-neutral-900"
      onClick={() => remove.mutate()}
      disabled={remove.isPending || remove.isSuccess}
    >
      Remove<span className="sr-only"> {blog.title} from your reading list</span>
    </button>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReadingListBlog } from '@inkwell/contracts';
import { bookmarkBlog, showBookmarked } from '../../blog/index.ts';
import { useForgetSavedBlog } from '../api/reading-list.ts';

/** Takes a blog off the reading list once the server has (the card then leaves the list). */
export function RemoveSavedButton({ blog }: { blog: ReadingListBlog }) {
  const queryClient = useQueryClient();
  const forget = useForgetSavedBlog();
  const remove = useMutation({
    mutationFn: () => bookmarkBlog(blog._id, true),
    onSuccess: () => {
      forget(blog._id);
      showBookmarked(queryClient, blog._id, false);
      toast.success('Removed from your reading list', { id: 'bookmark' });
    },
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Messages, type Blog } from '@inkwell/contracts';
import { IconButton } from '../../../components/icon-button.tsx';
import { BookmarkIcon } from '../../../components/icons.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.tsx';
import { bookmarkBlog, isBookmarkedQuery, readingListKey } from '../api/bookmark-blog.ts';

/**
 * Saves the blog to the reader's reading list, or takes it off, at once (as the like button does),
 * then tells the server; if it refuses, the button goes back and its reason is shown. Signed out,
 * it only says to log in, as liking does.
 */
export function BookmarkButton({ blog }: { blog: Blog }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const savedOptions = isBookmarkedQuery(blog._id, session?.username ?? '');
  // A draft (its author's view) is saved by nobody: no need to ask.
  const savedQuery = useQuery({ ...savedOptions, enabled: session !== null && !blog.draft });
  const saved = savedQuery.data ?? false;
  const show = (bookmarked: boolean) => queryClient.setQueryData(savedOptions.queryKey, bookmarked);

  const toggle = useMutation({
    mutationFn: (isBookmarked: boolean) => bookmarkBlog(blog._id, isBookmarked),
    onMutate: (isBookmarked) => show(!isBookmarked),
    onSuccess: (bookmarked) => {
      show(bookmarked);
      void queryClient.invalidateQueries({ queryKey: readingListKey });
      // One toast for the button: a quick second click replaces the first's.
      toast.success(bookmarked ? 'Saved to your reading list' : 'Removed from your reading list', { id: 'bookmark' });
    },
    onError: (error, isBookmarked) => {
      show(isBookmarked);
      notifyError(error.message);
    },
  });

  const onClick = () => {
    if (!session) return notifyError(Messages.loginToBookmark);
    toggle.mutate(saved);
  };

  return (
    <IconButton
      label={saved ? 'Remove from reading list' : 'Save to reading list'}
      aria-pressed={saved}
      // Until the server says whether the reader saved it, a click could send the wrong state.
      disabled={toggle.isPending || savedQuery.isLoading}
      onClick={onClick}
      className={saved ? 'bg-neutral-900 text-white' : undefined}
    >
      <BookmarkIcon filled={saved} />
    </IconButton>
  );
}

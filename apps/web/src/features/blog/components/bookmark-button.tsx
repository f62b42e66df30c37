import { toast } from '../../../lib/toast.ts';
import type { Blog } from '@inkwell/contracts';
import { IconButton } from '../../../components/icon-button.tsx';
import { BookmarkIcon } from '../../../components/icons.tsx';
import { useBookmarkBlog } from '../api/bookmark-blog.ts';

/** Save to reading list, or Remove (useBookmarkBlog: at once, then sent; a visitor is told to log in). */
export function BookmarkButton({ blog }: { blog: Blog }) {
  // One toast for the button: a quick second click replaces the first's.
  const bookmark = useBookmarkBlog(blog, (bookmarked) =>
    toast.success(bookmarked ? 'Saved to your reading list' : 'Removed from your reading list', { id: 'bookmark' }),
  );
  return (
    <IconButton
      label={bookmark.on ? 'Remove from reading list' : 'Save to reading list'}
      aria-pressed={bookmark.on}
      disabled={bookmark.busy}
      onClick={bookmark.toggle}
      className={bookmark.on ? 'bg-accent text-on-accent' : undefined}
    >
      <BookmarkIcon filled={bookmark.on} />
    </IconButton>
  );
}

import type { Blog } from '@inkwell/contracts';
import { IconButton } from '../../../components/icon-button.tsx';
import { CountOf } from '../../../components/count-of.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { useLikeBlog } from '../api/like-blog.ts';

/** The blog's like and its count (useLikeBlog: at once, then sent; a visitor is told to log in). */
export function LikeButton({ blog }: { blog: Blog }) {
  const like = useLikeBlog(blog);
  return (
    <div className="flex items-center gap-2">
      <IconButton
        label="Like"
        aria-pressed={like.on}
        disabled={like.busy}
        onClick={like.toggle}
        className={like.on ? 'bg-red-100 text-red-600' : undefined}
      >
        <HeartIcon filled={like.on} />
      </IconButton>
      <span data-testid="total-likes" className="text-neutral-700">
        <CountOf count={blog.activity.total_likes} noun="like" />
      </span>
    </div>
  );
}

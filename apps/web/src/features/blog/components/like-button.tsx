import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Messages, type Blog } from '@inkwell/contracts';
import { IconButton } from '../../../components/icon-button.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { useSession } from '../../../lib/session.tsx';
import { blogQueryKey } from '../api/get-blog.ts';
import { isLikedQuery, likeBlog } from '../api/like-blog.ts';
import { notifyError } from '../../../lib/notify.ts';

/**
 * SPEC §4: the like and its count toggle at once, then the change is sent; if the server
 * refuses, both go back and its reason is shown. Signed out, liking only says to log in.
 */
export function LikeButton({ blog }: { blog: Blog }) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const likedOptions = isLikedQuery(blog._id, session?.username ?? '');
  const likedQuery = useQuery({ ...likedOptions, enabled: session !== null });
  const liked = likedQuery.data ?? false;

  const show = (isLiked: boolean, totalLikes: number) => {
    queryClient.setQueryData(likedOptions.queryKey, isLiked);
    queryClient.setQueryData<Blog>(
      blogQueryKey(blog.blog_id),
      (old) => old && { ...old, activity: { ...old.activity, total_likes: totalLikes } },
    );
  };

  const toggle = useMutation({
    mutationFn: (isLiked: boolean) => likeBlog(blog._id, isLiked),
    onMutate: (isLiked) => {
      const before = { liked: isLiked, total: blog.activity.total_likes };
      show(!isLiked, before.total + (isLiked ? -1 : 1));
      return before;
    },
    onSuccess: (answer) => show(answer.liked_by_user, answer.total_likes),
    onError: (error, _isLiked, before) => {
      if (before) show(before.liked, before.total);
      notifyError(error.message);
    },
  });

  const onClick = () => {
    if (!session) return notifyError(Messages.loginToLike);
    toggle.mutate(liked);
  };

  return (
    <div className="flex items-center gap-2">
      <IconButton
        label="Like"
        aria-pressed={liked}
        // Until the server says whether the reader likes it, a click could send the wrong state.
        disabled={toggle.isPending || likedQuery.isLoading}
        onClick={onClick}
        className={liked ? 'bg-red-100 text-red-600' : undefined}
      >
        <HeartIcon filled={liked} />
      </IconButton>
      <span data-testid="total-likes" className="text-neutral-700">
        {blog.activity.total_likes}
      </span>
    </div>
  );
}

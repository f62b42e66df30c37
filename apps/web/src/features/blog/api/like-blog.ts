import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { Messages, type Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useOptimisticToggle } from '../../../lib/use-optimistic-toggle.ts';
import { blogQueryKey } from './get-blog.ts';

/** Whether the signed-in reader likes the blog; keyed by reader, so another sign-in asks again. */
export const isLikedQuery = (_id: string, username: string) =>
  queryOptions({
    queryKey: ['blog-liked', _id, username],
    queryFn: ({ signal }) =>
      api('/api/user/isliked-by-user', { body: { _id }, auth: true, signal }).then((r) => r.result),
  });

/** Sets the like to the opposite of `isLikedByUser`; answers the like and the blog's new total. */
export const likeBlog = (_id: string, isLikedByUser: boolean) =>
  api('/api/blog/like-blog', { body: { _id, isLikedByUser }, auth: true });

/**
 * docs/product/screens.md: the like and the blog's count of likes toggle at once, then the change is sent; if the
 * server refuses, both go back and its reason is shown. Signed out, liking only says to log in.
 */
export function useLikeBlog(blog: Blog) {
  const queryClient = useQueryClient();
  const showTotal = (total: number) =>
    queryClient.setQueryData<Blog>(
      blogQueryKey(blog.blog_id),
      (old) => old && { ...old, activity: { ...old.activity, total_likes: total } },
    );
  return useOptimisticToggle({
    state: (reader) => isLikedQuery(blog._id, reader),
    loginMessage: Messages.loginToLike,
    send: (isLiked) => likeBlog(blog._id, isLiked),
    isOn: (answer) => answer.liked_by_user,
    change: (liking) => {
      const total = blog.activity.total_likes;
      showTotal(total + (liking ? 1 : -1));
      return () => showTotal(total);
    },
    settle: (answer) => showTotal(answer.total_likes),
  });
}

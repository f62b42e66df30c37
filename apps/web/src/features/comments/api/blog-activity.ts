import { useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@inkwell/contracts';

type CommentCounts = Pick<Blog['activity'], 'total_comments' | 'total_parent_comments'>;

/**
 * Changes the comment counts of the blog the blog page keeps in its query (['blog', blog_id]),
 * so the page's count and the panel's heading follow additions and deletions at once.
 */
export function useSetCommentCounts(blogId: string) {
  const queryClient = useQueryClient();
  return (change: (counts: CommentCounts) => CommentCounts) =>
    queryClient.setQueryData<Blog>(['blog', blogId], (blog) => blog && { ...blog, activity: { ...blog.activity, ...change(blog.activity) } });
}

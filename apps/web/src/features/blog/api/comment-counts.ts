import { useQueryClient } from '@tanstack/react-query';
import type { Blog } from '@inkwell/contracts';
import type { CommentCounts } from '../../comments/index.ts';
import { blogQueryKey } from './get-blog.ts';

/**
 * Changes the comment counts of the blog the blog page keeps in its query, so the page's count
 * and the comments panel's heading follow additions and deletions at once.
 */
export function useSetCommentCounts(blogId: string) {
  const queryClient = useQueryClient();
  return (change: (counts: CommentCounts) => CommentCounts) =>
    queryClient.setQueryData<Blog>(
      blogQueryKey(blogId),
      (blog) => blog && { ...blog, activity: { ...blog.activity, ...change(blog.activity) } },
    );
}

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** docs/product/screens.md: the editor loads a blog by blog_id in draft edit mode (the server answers its author only). */
export async function fetchBlogForEdit(blogId: string, signal?: AbortSignal) {
  const { blog } = await api('/api/blog/get-blog', {
    auth: true,
    body: { blog_id: blogId, draft: true, mode: 'edit' },
    ...(signal && { signal }),
  });
  return blog;
}

export const blogForEditQuery = (blogId: string) =>
  queryOptions({
    queryKey: ['blog-for-edit', blogId],
    queryFn: ({ signal }) => fetchBlogForEdit(blogId, signal),
    // Loaded once each time the editor opens: a later answer must not swap the blog under the writer's
    // hands, and a failure means an empty editor (docs/product/screens.md), not a retry.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** SPEC §4: the editor loads a blog by blog_id in draft edit mode (the server answers its author only). */
export const blogForEditQuery = (blogId: string) =>
  queryOptions({
    queryKey: ['blog-for-edit', blogId],
    queryFn: async ({ signal }) => {
      const { blog } = await api('/api/blog/get-blog', {
        auth: true,
        body: { blog_id: blogId, draft: true, mode: 'edit' },
        schema: 'GetBlogResponse',
        signal,
      });
      return blog;
    },
    // Loaded once each time the editor opens: a later answer must not swap the blog under the writer's
    // hands, and a failure means an empty editor (SPEC §4), not a retry.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

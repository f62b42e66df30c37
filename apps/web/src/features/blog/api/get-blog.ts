import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetBlogResponse, type Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

/**
 * Where the blog page keeps the blog it shows (a `Blog` of SPEC §3). The comments panel updates
 * `activity` there, so the page's counts follow new and deleted comments at once.
 */
export const blogQueryKey = (blogId: string) => ['blog', blogId] as const;

export const blogQuery = (blogId: string) =>
  queryOptions({
    queryKey: blogQueryKey(blogId),
    queryFn: ({ signal }): Promise<Blog> =>
      api('/api/blog/get-blog', { body: { blog_id: blogId }, auth: true, schema: GetBlogResponse, signal }).then((r) => r.blog),
  });

export const useBlog = (blogId: string) => useQuery(blogQuery(blogId));

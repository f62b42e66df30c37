import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

/**
 * Where the blog page keeps the blog it shows (a `Blog` of docs/product/data.md). The comments panel updates
 * `activity` there, so the page's counts follow new and deleted comments at once.
 */
export const blogQueryKey = (blogId: string) => ['blog', blogId] as const;

export const blogQuery = (blogId: string) =>
  queryOptions({
    queryKey: blogQueryKey(blogId),
    queryFn: ({ signal }): Promise<Blog> =>
      api('/api/blog/get-blog', { body: { blog_id: blogId }, auth: true, signal }).then((r) => r.blog),
  });

export const useBlog = (blogId: string) => useQuery(blogQuery(blogId));

/**
 * A blog shown without a get-blog call from this page (the server rendered it, or an earlier visit
 * left it here) is still read: the page says so, as the signed-in reader if there is one. The
 * server counts get-blog's way: once per reader per blog a day, never the author's own visits.
 */
export function useCountRead(blogId: string, shownWithoutFetching: boolean) {
  useEffect(() => {
    if (shownWithoutFetching)
      api('/api/blog/read', { body: { blog_id: blogId, referrer: document.referrer || undefined }, auth: true }).catch(
        () => undefined,
      );
  }, [blogId, shownWithoutFetching]);
}

import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardBlog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { removeLoadedItems } from '../../../lib/remove-loaded-items.ts';

/** Every loaded list of the author's own blogs, whatever its kind and search. */
export const allOwnBlogsKey = ['own-blogs'] as const;

export const ownBlogsKey = (draft: boolean, query: string) => [...allOwnBlogsKey, { draft, query }] as const;

/** The signed-in author's published blogs or drafts, a page at a time, optionally by title. */
export function useOwnBlogs(draft: boolean, query: string) {
  return useInfiniteQuery({
    ...pagedListOptions({
      queryKey: ownBlogsKey(draft, query),
      list: ({ page, deletedDocCount }, signal) =>
        api('/api/blog/user-written-blogs', {
          auth: true,
          body: { page, draft, query, deletedDocCount },
          signal,
        }).then((r) => r.blogs),
      count: (signal) =>
        api('/api/blog/user-written-blogs-count', {
          auth: true,
          body: { draft, query },
          signal,
        }).then((r) => r.totalDocs),
    }),
    // The editor changes these lists elsewhere: always check again when the dashboard opens.
    staleTime: 0,
  });
}

/** Takes a deleted blog out of every loaded list that shows it, without reloading them. */
export function useForgetOwnBlog() {
  const queryClient = useQueryClient();
  return (blogId: string) =>
    removeLoadedItems<DashboardBlog>(queryClient, allOwnBlogsKey, (blog) => blog.blog_id === blogId);
}

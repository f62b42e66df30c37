import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadingListBlog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { removeLoadedItems } from '../../../lib/remove-loaded-items.ts';
import { readingListKey } from '../../blog/index.ts';

/** The signed-in reader's saved blogs, newest save first, a page at a time. */
export function useReadingList() {
  return useInfiniteQuery({
    ...pagedListOptions({
      queryKey: readingListKey,
      list: ({ page, deletedDocCount }, signal) =>
        api('/api/user/reading-list', {
          auth: true,
          body: { page, deletedDocCount },
          signal,
        }).then((r) => r.blogs),
      count: (signal) => api('/api/user/reading-list-count', { auth: true, signal }).then((r) => r.totalDocs),
    }),
    // Blog pages save and authors unpublish elsewhere: always check again when the list opens.
    staleTime: 0,
  });
}

/** Takes a removed blog out of the loaded list, without reloading it or losing Load More's place. */
export function useForgetSavedBlog() {
  const queryClient = useQueryClient();
  return (_id: string) => removeLoadedItems<ReadingListBlog>(queryClient, readingListKey, (blog) => blog._id === _id);
}

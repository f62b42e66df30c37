import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadingListBlog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { removeLoadedItems } from '../../../lib/remove-loaded-items.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { bookmarkBlog, readingListKey, showBookmarked } from '../../blog/index.ts';

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

/**
 * Takes a blog off the reading list; once the server has, it leaves the loaded list (without
 * reloading it or losing Load More's place), and its blog page shows it unsaved when opened.
 */
export function useRemoveSavedBlog(_id: string, config?: MutationConfig<boolean>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    () => bookmarkBlog(_id, true),
    config,
    () => {
      removeLoadedItems<ReadingListBlog>(queryClient, readingListKey, (blog) => blog._id === _id);
      showBookmarked(queryClient, _id, false);
    },
  );
}

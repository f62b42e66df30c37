import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ListData } from './paged-list.ts';

// Apart from paged-list.ts: only the signed-in lists delete from themselves, and the reading pages need not download it.

/** Takes the items `isGone` picks out of every loaded list under `queryKey`, without reloading them or losing Load More's place. */
export function removeLoadedItems<T>(queryClient: QueryClient, queryKey: QueryKey, isGone: (item: T) => boolean) {
  queryClient.setQueriesData<ListData<T>>({ queryKey }, (data) => {
    const gone = data?.pages.reduce((n, page) => n + page.items.filter(isGone).length, 0);
    if (!data || !gone) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const items = page.items.filter((item) => !isGone(item));
        return { items, totalDocs: page.totalDocs - gone, removed: page.removed + page.items.length - items.length };
      }),
    };
  });
}

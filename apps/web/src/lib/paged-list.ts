import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

/** Where the next page starts: its number, and how many items were deleted from the loaded pages since they loaded. */
export interface PageParam {
  page: number;
  deletedDocCount: number;
}

/** One loaded page of a list, with the list's total as counted when it loaded. */
export interface ListPage<T> {
  items: T[];
  totalDocs: number;
  /** Items deleted from this page since it loaded. */
  removed: number;
}

export type ListData<T> = InfiniteData<ListPage<T>>;

interface PagedList<T> {
  queryKey: QueryKey;
  list: (param: PageParam, signal: AbortSignal) => Promise<T[]>;
  count: (signal: AbortSignal) => Promise<number>;
}

/**
 * A list loaded a page at a time (Load More) while fewer than its total are loaded. Each page asks
 * the total again; when the count fails the list is empty (docs/product/rules.md), and the failure is only logged.
 */
export function pagedListOptions<T>({ queryKey, list, count }: PagedList<T>) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: { page: 1, deletedDocCount: 0 } as PageParam,
    queryFn: async ({ pageParam, signal }): Promise<ListPage<T>> => {
      const [items, totalDocs] = await Promise.all([
        list(pageParam, signal),
        count(signal).catch((error: unknown) => {
          // A cancelled page (the reader moved on) is not a failed count.
          if (signal.aborted) throw error;
          console.error(error);
          return null;
        }),
      ]);
      return totalDocs === null ? { items: [], totalDocs: 0, removed: 0 } : { items, totalDocs, removed: 0 };
    },
    // Read when Load More is pressed, so deletions made since the earlier pages loaded are counted.
    getNextPageParam: (last, pages): PageParam | undefined => {
      const shown = loadedItems({ pages });
      if (shown.length >= last.totalDocs) return undefined;
      // The server starts page n after n - 1 full pages less deletedDocCount: the rows fetched that no longer stand before it.
      const fetched = pages.reduce((n, page) => n + page.items.length + page.removed, 0);
      return { page: pages.length + 1, deletedDocCount: fetched - nextPageStart(shown) };
    },
  });
}

/**
 * Where the next page of a list starts among the server's rows: after every item shown. Items removed since
 * their page loaded are gone from the server too, so the rows after them moved up and they no longer count.
 * The reader's own additions count where the server puts them before the rows not loaded yet (newest first),
 * and not where it puts them after (the newest reply, oldest first): `isAfterUnloaded` picks those out.
 */
export function nextPageStart<T>(shown: readonly T[], isAfterUnloaded?: (item: T) => boolean): number {
  return shown.filter((item) => !isAfterUnloaded?.(item)).length;
}

/** Most pages a `?page=` address loads at once: a page without JavaScript shows pages 1 to n. */
export const MAX_LINKED_PAGES = 20;

/** How many pages the address asks for (`?page=n`, 1 without it), within 1 and MAX_LINKED_PAGES. */
export function linkedPageCount(search: URLSearchParams): number {
  const page = Math.floor(Number(search.get('page')));
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_LINKED_PAGES) : 1;
}

export const loadedItems = <T>(data: Pick<ListData<T>, 'pages'>): T[] => data.pages.flatMap((page) => page.items);

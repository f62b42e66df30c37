import { expect, it } from 'vitest';
import { nextPageStart, pagedListOptions, type ListPage } from './paged-list.ts';

const page = (items: string[], totalDocs: number, removed = 0): ListPage<string> => ({ items, totalDocs, removed });

it('starts the next page after every item shown, the reader’s own additions the server keeps after the rest excepted', () => {
  expect(nextPageStart(['c1', 'c2', 'c3'])).toBe(3);
  // Newest first, the reader's new comment leads the server's rows, so it counts…
  expect(nextPageStart(['mine', 'c1', 'c2'], () => false)).toBe(3);
  // …oldest first, the reader's new reply is the server's last row, after the replies not loaded yet.
  expect(nextPageStart(['r1', 'r2', 'mine'], (reply) => reply === 'mine')).toBe(2);
});

it('asks page n less the items removed from the loaded pages since they loaded, while fewer than the total are shown', () => {
  const { getNextPageParam } = pagedListOptions<string>({
    queryKey: ['test'],
    list: async () => [],
    count: async () => 0,
  });
  const next = (pages: ListPage<string>[]) =>
    getNextPageParam(pages[pages.length - 1]!, pages, { page: 1, deletedDocCount: 0 }, []);

  expect(next([page(['a', 'b'], 5)])).toEqual({ page: 2, deletedDocCount: 0 });
  // Two of page 1 and one of page 2 deleted: the server moved three rows up.
  expect(next([page(['b'], 6, 2), page(['d'], 6, 1), page(['e'], 6)])).toEqual({ page: 4, deletedDocCount: 3 });
  expect(next([page(['a', 'b'], 4), page(['c', 'd'], 4)])).toBeUndefined();
});

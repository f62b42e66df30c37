import type { UseInfiniteQueryResult } from '@tanstack/react-query';

type PagedQuery = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/**
 * Load More under a list of a signed-in screen while its query has another page. (The reading
 * pages' lists, which also work without JavaScript, have PagedBlogList's.)
 */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn-light mt-6"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      Load More
    </button>
  );
}

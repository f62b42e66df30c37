import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useAddress } from '../lib/navigation.tsx';
import type { BlogCard as BlogCardData } from '@inkwell/contracts';
import { useHydrated } from '../lib/hydration.ts';
import { loadedItems, MAX_LINKED_PAGES, type ListData } from '../lib/paged-list.ts';
import { BlogCard, BlogCardSkeletons } from './blog-card.tsx';

/** The message a list shows when it has nothing. */
export function EmptyMessage({ children }: { children: string }) {
  return <p className="mt-4 rounded-full bg-neutral-100 p-4 text-center text-neutral-700">{children}</p>;
}

/**
 * Cards of a paged list, skeletons while page 1 loads, and Load More while fewer than the total are
 * loaded. `empty` is what an empty list shows; `actions`, what each card offers beside reading it.
 */
export function PagedBlogList<T extends BlogCardData>({
  query,
  empty,
  actions,
}: {
  query: UseInfiniteQueryResult<ListData<T>>;
  empty: ReactNode;
  actions?: (blog: T) => ReactNode;
}) {
  if (query.isPending) return <BlogCardSkeletons />;
  // A failure is told (or only logged) by the page that asked.
  if (!query.data) return null;
  const blogs = loadedItems(query.data);
  // Every loaded card removed (a reading list's) while more wait on the server: Load More still shows.
  if (blogs.length === 0 && !query.hasNextPage)
    return typeof empty === 'string' ? <EmptyMessage>{empty}</EmptyMessage> : empty;
  return (
    <>
      {blogs.map((blog, index) => (
        <BlogCard key={blog.blog_id} blog={blog} first={index === 0} actions={actions?.(blog)} />
      ))}
      {query.hasNextPage && (
        <LoadMore
          pages={query.data.pages.length}
          onPress={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        />
      )}
    </>
  );
}

/**
 * Once the app runs, a button that adds the next page below; until then (and without JavaScript)
 * a link to this address with one page more (`?page=n`), which the server renders.
 */
function LoadMore({ pages, onPress, disabled }: { pages: number; onPress: () => void; disabled: boolean }) {
  const hydrated = useHydrated();
  const { pathname, search } = useAddress();
  if (hydrated) {
    return (
      <button type="button" className="btn-light mt-6" onClick={onPress} disabled={disabled}>
        Load More
      </button>
    );
  }
  if (pages >= MAX_LINKED_PAGES) return null;
  const next = new URLSearchParams(search);
  next.set('page', String(pages + 1));
  return (
    <Link to={`${pathname}?${next}`} className="btn-light mt-6 inline-block">
      Load More
    </Link>
  );
}

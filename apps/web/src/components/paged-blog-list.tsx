import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { BlogsPage } from '../lib/blog-lists.ts';
import { BlogCard, BlogCardSkeletons } from './blog-card.tsx';

/** The message a list shows when it has nothing. */
export function EmptyMessage({ children }: { children: string }) {
  return <p className="mt-4 rounded-full bg-neutral-100 p-4 text-center text-neutral-700">{children}</p>;
}

/** Cards of a paged list, skeletons while page 1 loads, and Load More while fewer than the total are loaded. */
export function PagedBlogList({ query, empty }: { query: UseInfiniteQueryResult<InfiniteData<BlogsPage>>; empty: string }) {
  if (query.isPending) return <BlogCardSkeletons />;
  // A failure is told (or only logged) by the page that asked.
  if (!query.data) return null;
  const blogs = query.data.pages.flatMap((page) => page.blogs);
  if (blogs.length === 0) return <EmptyMessage>{empty}</EmptyMessage>;
  return (
    <>
      {blogs.map((blog) => (
        <BlogCard key={blog.blog_id} blog={blog} />
      ))}
      {query.hasNextPage && (
        <button type="button" className="btn-light mt-6" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          Load More
        </button>
      )}
    </>
  );
}

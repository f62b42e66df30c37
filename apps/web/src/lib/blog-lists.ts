import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { BlogsResponse, CountResponse, type BlogCard, type SearchBlogsBody, type SearchBlogsCountBody } from '@inkwell/contracts';
import { api } from './api.ts';

/** One loaded page of a paged list, with the total its first page was told. */
export interface BlogsPage {
  blogs: BlogCard[];
  totalDocs: number;
}

type Fetch<T> = (signal: AbortSignal) => Promise<T>;

/**
 * A list loaded a page at a time (Load More) while fewer than its total are loaded. The total is
 * asked with page 1; if that count fails, the list is empty (SPEC §8), and the failure is logged.
 */
export function pagedBlogsOptions(queryKey: QueryKey, list: (page: number) => Fetch<BlogCard[]>, count: Fetch<number>) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }): Promise<BlogsPage> => {
      if (pageParam > 1) return { blogs: await list(pageParam)(signal), totalDocs: 0 };
      const [blogs, totalDocs] = await Promise.all([
        list(1)(signal),
        count(signal).catch((error: unknown) => {
          console.error(error);
          return null;
        }),
      ]);
      return totalDocs === null ? { blogs: [], totalDocs: 0 } : { blogs, totalDocs };
    },
    getNextPageParam: (_last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.blogs.length, 0);
      return loaded < pages[0]!.totalDocs ? pages.length + 1 : undefined;
    },
  });
}

export const searchBlogs = (body: Partial<SearchBlogsBody>, signal?: AbortSignal) =>
  api('/api/blog/search-blogs', { body, schema: BlogsResponse, signal }).then((r) => r.blogs);

const countBlogs = (filters: SearchBlogsCountBody, signal: AbortSignal) =>
  api('/api/blog/search-blogs-count', { body: filters, schema: CountResponse, signal }).then((r) => r.totalDocs);

/** Published blogs by tag, text or author, newest (or most relevant) first, a page at a time. */
export const searchBlogsOptions = (filters: SearchBlogsCountBody) =>
  pagedBlogsOptions(
    ['blogs', 'search', filters],
    (page) => (signal) => searchBlogs({ ...filters, page }, signal),
    (signal) => countBlogs(filters, signal),
  );

import type { SearchBlogsBody, SearchBlogsCountBody } from '@inkwell/contracts';
import { api } from './api.ts';
import { pagedListOptions } from './paged-list.ts';

/** Every list of published blogs (home, topics, trending, similar, search, a profile's) is keyed under this: a save changes them all. */
export const blogListsKey = ['blogs'] as const;

export const searchBlogs = (body: Partial<SearchBlogsBody>, signal?: AbortSignal) =>
  api('/api/blog/search-blogs', { body, signal }).then((r) => r.blogs);

const countBlogs = (filters: SearchBlogsCountBody, signal: AbortSignal) =>
  api('/api/blog/search-blogs-count', { body: filters, signal }).then((r) => r.totalDocs);

/** Published blogs by tag, text or author, newest (or most relevant) first, a page at a time. */
export const searchBlogsOptions = (filters: SearchBlogsCountBody) =>
  pagedListOptions({
    queryKey: [...blogListsKey, 'search', filters],
    list: ({ page }, signal) => searchBlogs({ ...filters, page }, signal),
    count: (signal) => countBlogs(filters, signal),
  });

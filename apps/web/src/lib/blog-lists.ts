import type { SearchBlogsBody, SearchBlogsCountBody } from '@inkwell/contracts';
import { api } from './api.ts';
import { pagedListOptions } from './paged-list.ts';

export const searchBlogs = (body: Partial<SearchBlogsBody>, signal?: AbortSignal) =>
  api('/api/blog/search-blogs', { body, schema: 'BlogsResponse', signal }).then((r) => r.blogs);

const countBlogs = (filters: SearchBlogsCountBody, signal: AbortSignal) =>
  api('/api/blog/search-blogs-count', { body: filters, schema: 'CountResponse', signal }).then((r) => r.totalDocs);

/** Published blogs by tag, text or author, newest (or most relevant) first, a page at a time. */
export const searchBlogsOptions = (filters: SearchBlogsCountBody) =>
  pagedListOptions({
    queryKey: ['blogs', 'search', filters],
    list: ({ page }, signal) => searchBlogs({ ...filters, page }, signal),
    count: (signal) => countBlogs(filters, signal),
  });

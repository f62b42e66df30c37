import { BlogsResponse, CountResponse } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedBlogsOptions } from '../../../lib/blog-lists.ts';

/** Every published blog, newest first, a page at a time. */
export const latestBlogsOptions = () =>
  pagedBlogsOptions(
    ['blogs', 'latest'],
    (page) => (signal) => api('/api/blog/latest-blogs', { body: { page }, schema: BlogsResponse, signal }).then((r) => r.blogs),
    (signal) => api('/api/blog/all-latest-blogs-count', { schema: CountResponse, signal }).then((r) => r.totalDocs),
  );

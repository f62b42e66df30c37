import { api } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';

/** Every published blog, newest first, a page at a time. */
export const latestBlogsOptions = () =>
  pagedListOptions({
    queryKey: [...blogListsKey, 'latest'],
    list: ({ page }, signal) => api('/api/blog/latest-blogs', { body: { page }, signal }).then((r) => r.blogs),
    count: (signal) => api('/api/blog/all-latest-blogs-count', { signal }).then((r) => r.totalDocs),
  });

import { api } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';

/** The newest published blogs of the authors `reader` follows, a page at a time (the following tab). */
export const followingBlogsOptions = (reader: string) =>
  pagedListOptions({
    queryKey: [...blogListsKey, 'following', reader],
    list: ({ page }, signal) =>
      api('/api/blog/following-blogs', { body: { page }, auth: true, signal }).then((r) => r.blogs),
    count: (signal) => api('/api/blog/all-following-blogs-count', { auth: true, signal }).then((r) => r.totalDocs),
  });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';

export const trendingBlogsQuery = () =>
  queryOptions({
    queryKey: [...blogListsKey, 'trending'],
    queryFn: ({ signal }) => api('/api/blog/trending-blogs', { method: 'GET', signal }).then((r) => r.blogs),
  });

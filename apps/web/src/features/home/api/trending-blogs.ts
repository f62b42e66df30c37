import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const trendingBlogsQuery = () =>
  queryOptions({
    queryKey: ['blogs', 'trending'],
    queryFn: ({ signal }) => api('/api/blog/trending-blogs', { method: 'GET', schema: 'TrendingBlogsResponse', signal }).then((r) => r.blogs),
  });

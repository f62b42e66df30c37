import { queryOptions } from '@tanstack/react-query';
import type { StatsPeriod } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

/** The signed-in author's numbers over a period, for one of their blogs (`blogId`) or all of them. */
export const authorStatsQuery = (period: StatsPeriod, blogId: string | undefined) =>
  queryOptions({
    queryKey: ['author-stats', { period, blogId }],
    queryFn: ({ signal }) => api('/api/dashboard/stats', { auth: true, body: { period, blog_id: blogId }, signal }),
  });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The site's sign-ups, blogs published, comments and reads per day over the last 90 days (admins). */
export const siteStatsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'site-stats'],
    queryFn: ({ signal }) => api('/api/admin/site-stats', { method: 'GET', auth: true, signal }),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ownProfileQuery = () =>
  queryOptions({
    queryKey: ['own-profile'],
    queryFn: ({ signal }) => api('/api/user/me', { method: 'GET', auth: true, signal }),
  });

export const useOwnProfile = () => useQuery(ownProfileQuery());

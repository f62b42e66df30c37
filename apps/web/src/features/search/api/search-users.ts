import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const searchUsersQuery = (query: string) =>
  queryOptions({
    queryKey: ['users', 'search', query],
    queryFn: ({ signal }) => api('/api/user/search-users', { body: { query }, signal }).then((r) => r.users),
  });

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: ['profile', username.toLowerCase()],
    queryFn: ({ signal }) => api('/api/user/get-profile', { body: { username }, signal }),
  });

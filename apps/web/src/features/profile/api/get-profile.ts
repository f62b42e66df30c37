import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A profile; asked with the reader's token, which no cache answers, so their own follow shows in its count at once. */
export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: ['profile', username.toLowerCase()],
    queryFn: ({ signal }) => api('/api/user/get-profile', { body: { username }, auth: true, signal }),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';

/** Whether the signed-in member blocked `username`; keyed by reader, so another sign-in asks again. */
export const isBlockedQuery = (username: string, reader: string) =>
  queryOptions({
    queryKey: ['blocked', username.toLowerCase(), reader],
    queryFn: ({ signal }) =>
      api('/api/user/is-blocked', { body: { username }, auth: true, signal }).then((r) => r.blocked),
  });

/** Whether the signed-in member blocked `username`: false for a visitor, and on one's own profile, where nobody asks. */
export function useIsBlocked(username: string): boolean {
  const { session } = useSession();
  const reader = session?.username ?? '';
  const own = reader.toLowerCase() === username.toLowerCase();
  return useQuery({ ...isBlockedQuery(username, reader), enabled: session !== null && !own }).data ?? false;
}

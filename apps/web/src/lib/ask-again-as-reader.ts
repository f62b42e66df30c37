import { useEffect } from 'react';
import { useSession } from './session.tsx';

/**
 * A server-rendered page's answer was asked as nobody, and may come from the server's cache, whose
 * counts lag a few seconds (docs/api.md): once a session applies, the answer is asked for again as
 * the reader (with the token, which no cache answers), so that what the page counts is the
 * reader's truth, their own like, comment or follow included, and what it says they may do.
 */
export function useAskAgainAsReader(refetch: () => unknown, shownWithoutFetching: boolean) {
  const { session } = useSession();
  const token = session?.access_token;
  useEffect(() => {
    if (token && shownWithoutFetching) void refetch();
  }, [token, shownWithoutFetching, refetch]);
}

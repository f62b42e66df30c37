import { QueryClient } from '@tanstack/react-query';
import { retryUnlessRefused } from './api.ts';
import { SITE_IDENTITY_ID, siteQuery } from './site.ts';

/** The page's one query client, in the browser: the app's, or the islands' of a server-rendered page. */
export function browserQueryClient() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  // Every page's head carries the site's identity: the page starts with it, asking nothing.
  const identity = document.getElementById(SITE_IDENTITY_ID);
  if (identity) queryClient.setQueryData(siteQuery().queryKey, JSON.parse(identity.textContent));
  return queryClient;
}

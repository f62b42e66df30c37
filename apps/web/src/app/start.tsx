import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/app-toaster.tsx';
import { retryUnlessRefused } from '../lib/api.ts';
import { SERVER_STATE_ID } from '../lib/server-state.ts';
import { SessionProvider } from '../lib/session.tsx';
import { SITE_IDENTITY_ID, siteQuery } from '../lib/site.ts';
import { AppRoutes } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>
);

// Every page's head carries the site's identity: the app starts with it, asking nothing.
const identity = document.getElementById(SITE_IDENTITY_ID);
if (identity) queryClient.setQueryData(siteQuery().queryKey, JSON.parse(identity.textContent));

// A page the server rendered carries the data it rendered with: the app takes it over without
// asking again. Any other page (the signed-in screens, a 404) is rendered here from scratch.
const root = document.getElementById('root')!;
const serverState = document.getElementById(SERVER_STATE_ID);
if (serverState) {
  const state = JSON.parse(serverState.textContent) as DehydratedState;
  // The data is as fresh as the page, which may come from the server's cache (emptied by every
  // write): were it dated from its rendering, the page would fetch it all again once 30 s old.
  for (const query of state.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, state);
  serverState.remove();
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}

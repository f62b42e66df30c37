import './lib/zod-jitless.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppToaster } from './components/app-toaster.tsx';
import { AppRoutes } from './app/router.tsx';
import { retryUnlessRefused } from './lib/api.ts';
import { SessionProvider } from './lib/session.tsx';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: retryUnlessRefused, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);

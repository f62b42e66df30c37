import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/app-toaster.tsx';
import { browserQueryClient } from '../lib/query-client.ts';
import { keepAnswersToOneAccount, SessionProvider } from '../lib/session.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The app: every screen, rendered here (src/main.tsx calls it). A server-rendered reading page is not
 * hydrated by it but by its islands (app/islands.tsx); the app starts on the other pages (the
 * signed-in screens, the sign-in, a 404, which a signed-in author's hidden blog may be).
 */
export function startApp() {
  const queryClient = browserQueryClient();
  keepAnswersToOneAccount(queryClient);
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
}

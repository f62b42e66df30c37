import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IslandRoot, type IslandProps } from '../lib/island.tsx';
import { ISLAND_ID, ISLAND_NAME, ISLAND_PROPS } from '../lib/island-marks.ts';
import { browserQueryClient } from '../lib/query-client.ts';
import { SERVER_STATE_ID } from '../lib/server-state.ts';
import { keepAnswersToOneAccount } from '../lib/session.tsx';
import { useToastAsked } from '../lib/toast.ts';
import { APP_FILES_ID } from './app-files.ts';
import { ISLAND_LOADERS } from './island-loaders.ts';

/*
 * A server-rendered reading page, made interactive (ADR 11): each island (lib/island.tsx) hydrates
 * as a React root of its own from the data the page came with, and the rest of the page stays the
 * server's HTML. The app itself (app/start.tsx, every screen) is fetched into the browser's cache
 * once the page is idle, for the screens a link leads to; a link is the browser's to follow, and a
 * reading page comes from the server's cache.
 */

/** Hydrates every island of the page (src/main.tsx calls it once the page has painted). */
export function startIslands() {
  const queryClient = browserQueryClient();
  keepAnswersToOneAccount(queryClient);
  takeOverServerState(queryClient);

  // Each as soon as its module is there (src/main.tsx asked for them beside this one).
  const hydrateIsland = async (element: Element) => {
    const island = await ISLAND_LOADERS[element.getAttribute(ISLAND_NAME)!]!.load();
    hydrateRoot(
      element,
      <IslandRoot queryClient={queryClient} navigation={null}>
        {island.renderFrom(JSON.parse(element.getAttribute(ISLAND_PROPS) ?? '{}') as IslandProps)}
      </IslandRoot>,
      // The prefix the server rendered it with, so that its ids are the same.
      { identifierPrefix: element.getAttribute(ISLAND_ID) ?? '' },
    );
  };
  // An island's element takes no room (display: contents): what it holds is what comes into view.
  const inView = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) continue;
      inView.unobserve(target);
      void hydrateIsland(target.parentElement!);
    }
  });
  for (const element of document.querySelectorAll(`[${ISLAND_NAME}]`)) {
    const island = ISLAND_LOADERS[element.getAttribute(ISLAND_NAME)!];
    if (!island) console.error(`The page holds an island no script knows: ${element.getAttribute(ISLAND_NAME)}`);
    else if (island.inView && element.firstElementChild) inView.observe(element.firstElementChild);
    else void hydrateIsland(element);
  }

  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(<ToastsOnceAsked />);

  if ('requestIdleCallback' in window) requestIdleCallback(fetchTheApp);
  else setTimeout(fetchTheApp, 1000);
}

/** The page carries the data it was rendered with: the islands take it over without asking again. */
function takeOverServerState(queryClient: QueryClient) {
  const serverState = document.getElementById(SERVER_STATE_ID)!;
  const state = JSON.parse(serverState.textContent) as DehydratedState;
  // The data is as fresh as the page, which may come from the server's cache (emptied by every
  // write): were it dated from its rendering, the page would fetch it all again once 30 s old.
  for (const query of state.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, state);
  serverState.remove();
}

const AppToaster = lazy(() => import('../components/app-toaster.tsx').then((m) => ({ default: m.AppToaster })));

/** The toaster comes with the first toast (lib/toast.ts), in a root of its own. */
function ToastsOnceAsked() {
  return useToastAsked() ? (
    <Suspense>
      <AppToaster />
    </Suspense>
  ) : null;
}

/**
 * Once the page is idle, the app's files go into the browser's cache (fetched, not run): a link to
 * a screen of the app (the dashboard, the editor, the sign-in) then waits on no download.
 */
function fetchTheApp() {
  const files = JSON.parse(document.getElementById(APP_FILES_ID)?.textContent ?? '[]') as string[];
  const fetched = new Set(performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname));
  for (const file of files.filter((file) => !fetched.has(file))) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the app's modules are asked for, so that the cached answer is theirs.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ToasterOnceAsked } from '../components/toaster-once-asked.tsx';
import { ISLAND_ID, ISLAND_NAME, ISLAND_PROPS, IslandRoot, type Island, type IslandProps } from '../lib/island.tsx';
import { browserQueryClient } from '../lib/query-client.ts';
import { SERVER_STATE_ID } from '../lib/server-state.ts';
import { keepAnswersToOneAccount } from '../lib/session.tsx';
import { onceIdle } from '../lib/use-idle.ts';
import { BUILT_FILES_ID, type BuiltFiles } from './built-files.ts';

/*
 * A server-rendered reading page, made interactive (ADR 11): each island (lib/island.tsx) hydrates
 * as a React root of its own from the data the page came with, and the rest of the page stays the
 * server's HTML. The app itself (app/start.tsx, every screen) is fetched into the browser's cache
 * once the page is idle, for the screens a link leads to; a link is the browser's to follow, and a
 * reading page comes from the server's cache.
 */

type AnyIsland = Pick<Island<IslandProps>, 'islandName' | 'renderFrom'>;

/**
 * Hydrates every island of the page: `islands`, which the page's bundle holds (src/reading), at
 * once; `inView`, loaded and hydrated once they come into view (a code block's Copy).
 */
export function startIslands(islands: AnyIsland[], inView: Record<string, () => Promise<AnyIsland>> = {}) {
  const queryClient = browserQueryClient();
  keepAnswersToOneAccount(queryClient);
  takeOverServerState(queryClient);

  const byName = new Map(islands.map((island) => [island.islandName, island]));
  // Inside startTransition React hydrates a root a few milliseconds at a time, yielding to the
  // browser between; else a root hydrates at once, in one task (the home page's list was one of
  // 30 ms here, 120 on Lighthouse's phone).
  const hydrateIsland = (element: Element, island: AnyIsland) =>
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandRoot queryClient={queryClient} navigation={null}>
          {island.renderFrom(JSON.parse(element.getAttribute(ISLAND_PROPS) ?? '{}') as IslandProps)}
        </IslandRoot>,
        // The prefix the server rendered it with, so that its ids are the same.
        { identifierPrefix: element.getAttribute(ISLAND_ID) ?? '' },
      );
    });
  // An island's element takes no room (display: contents): what comes into view is what it holds,
  // or what holds it while it holds nothing (a code block's Copy, which shows once hydrated).
  const islandInSight = new Map<Element, Element>();
  const sight = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      if (!isIntersecting) continue;
      sight.unobserve(target);
      const element = islandInSight.get(target)!;
      void inView[element.getAttribute(ISLAND_NAME)!]!().then((island) => hydrateIsland(element, island));
    }
  });
  for (const element of document.querySelectorAll(`[${ISLAND_NAME}]`)) {
    const name = element.getAttribute(ISLAND_NAME)!;
    const island = byName.get(name);
    if (island) hydrateIsland(element, island);
    else if (name in inView) {
      const seen = element.firstElementChild ?? element.parentElement!;
      islandInSight.set(seen, element);
      sight.observe(seen);
    } else console.error(`The page holds an island its script does not: ${name}`);
  }

  // The toaster, in a root of its own.
  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(<ToasterOnceAsked />);

  // After the page's own pictures (the load event), so as not to compete with them.
  const whenIdle = () => void onceIdle(fetchTheApp);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
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

/**
 * Once the page has loaded and is idle, the app's files go into the browser's cache (fetched, not
 * run): a link to a screen of the app (the dashboard, the editor, the sign-in) then waits on no download.
 */
function fetchTheApp() {
  const { app } = JSON.parse(document.getElementById(BUILT_FILES_ID)!.textContent) as BuiltFiles;
  const fetched = new Set(performance.getEntriesByType('resource').map(({ name }) => new URL(name).pathname));
  for (const file of app.filter((file) => !fetched.has(file))) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    // As the app's modules are asked for, so that the cached answer is theirs.
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

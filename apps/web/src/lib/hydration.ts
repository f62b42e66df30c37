import { createContext, createElement, startTransition, use, useEffect, useState, type ReactNode } from 'react';

/** Whether a root that hydrates the server's HTML (an island's) has committed its first pass; none in a root the browser renders afresh (the app's). */
const RootHydrated = createContext<boolean | null>(null);

/**
 * Around the content of a root that hydrates the server's HTML (lib/island.tsx's IslandRoot, on
 * both sides, so the two trees match): once its first pass is committed, the root is hydrated, and
 * what mounts in it later (a menu opened) starts so.
 *
 * The second pass is a transition, which React renders a few milliseconds at a time. (A store whose
 * browser snapshot differs from the server's, useSyncExternalStore's way, re-renders at once: on a
 * slow machine's Chromium the top bar's was one task of 15–25 ms right after the page hydrated,
 * 60–100 on Lighthouse's phone.)
 */
export function HydratingRoot({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return createElement(RootHydrated, { value: hydrated }, children);
}

/**
 * False on the server and while the browser hydrates its HTML, true from then on: what only the
 * browser knows (the session, the device, the stored theme) shows after hydration, so the first
 * pass renders exactly what the server sent.
 */
export const useHydrated = (): boolean => use(RootHydrated) ?? typeof window !== 'undefined';

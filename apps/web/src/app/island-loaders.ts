import type { Island, IslandProps } from '../lib/island.tsx';

type Loaded = Pick<Island<IslandProps>, 'islandName' | 'renderFrom'>;

/**
 * Every island of the reading pages (lib/island.tsx), by the name the page marks it with, and the
 * module it loads from: a chunk each, so a page loads its own islands and no other's. `inView`:
 * loaded and hydrated once it comes into view, not with the page (a code block's Copy button, and
 * the sanitiser it renders with).
 */
export const ISLAND_LOADERS: Record<string, { load: () => Promise<Loaded>; inView?: true }> = {
  navbar: { load: () => import('./navbar.tsx').then((m) => m.NavbarIsland) },
  home: { load: () => import('../features/home/home-page.tsx').then((m) => m.HomePage) },
  profile: { load: () => import('../features/profile/profile-island.tsx').then((m) => m.ProfileIsland) },
  search: { load: () => import('../features/search/search-page.tsx').then((m) => m.SearchPage) },
  follow: { load: () => import('../features/profile/follow-island.tsx').then((m) => m.FollowIsland) },
  'blog-actions': { load: () => import('../features/blog/blog-islands.tsx').then((m) => m.BlogActionsIsland) },
  'blog-report': { load: () => import('../features/blog/blog-islands.tsx').then((m) => m.BlogReportIsland) },
  code: { load: () => import('../features/blog/code-island.tsx').then((m) => m.CodeIsland), inView: true },
};

import { lazy, Suspense, type ComponentType } from 'react';
import {
  matchRoutes,
  renderMatches,
  useParams,
  useRoutes,
  type Params,
  type RouteMatch,
  type RouteObject,
} from 'react-router';
import { RequireSignedIn, RequireSignedOut } from '../components/guards.tsx';
import { NotFound } from '../components/not-found.tsx';
import { RouteFocus } from '../components/route-focus.tsx';
import { ScreenErrorBoundary } from '../components/screen-error-boundary.tsx';
import { BlogPage } from '../features/blog/index.ts';
import { HomePage } from '../features/home/index.ts';
import { PreviewPage } from '../features/preview/index.ts';
import { ProfilePage } from '../features/profile/index.ts';
import { SearchPage } from '../features/search/index.ts';
import { RouterNavigation } from './router-navigation.tsx';
import { SiteLayout } from './site-layout.tsx';

/**
 * A screen loaded as its own chunk on first visit. Reading pages (home, blog, search, profile)
 * stay in the main bundle; the editor, the account and the signed-in screens are fetched only
 * by those who open them.
 */
function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>, loading = 'Loading…') {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<p className="p-10 text-neutral-500">{loading}</p>}>
        <Page {...props} />
      </Suspense>
    );
  };
}

/*
 * The screens loaded on demand are imported by their own module, not through their feature's
 * index.ts (which the main bundle may hold): each stays a chunk of its own, named after it.
 */
const EditorPage = lazyPage(
  () => import('../features/editor/editor-page.tsx').then((m) => m.EditorPage),
  'Loading the editor…',
);
const AuthPage = lazyPage(() => import('../features/auth/auth-page.tsx').then((m) => m.AuthPage));
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyPage(() => import('../features/auth/verify-email-page.tsx').then((m) => m.VerifyEmailPage));
const DashboardBlogsPage = lazyPage(() =>
  import('../features/dashboard/dashboard-blogs-page.tsx').then((m) => m.DashboardBlogsPage),
);
const ReadingListPage = lazyPage(() =>
  import('../features/dashboard/reading-list-page.tsx').then((m) => m.ReadingListPage),
);
const StatsPage = lazyPage(() => import('../features/dashboard/stats-page.tsx').then((m) => m.StatsPage));
const NotificationsPage = lazyPage(() =>
  import('../features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage),
);
const EditProfilePage = lazyPage(() =>
  import('../features/settings/edit-profile-page.tsx').then((m) => m.EditProfilePage),
);
const SubscriptionLinkPage = lazyPage(() =>
  import('../features/subscriptions/subscription-link-page.tsx').then((m) => m.SubscriptionLinkPage),
);
const ChangePasswordPage = lazyPage(() =>
  import('../features/settings/change-password-page.tsx').then((m) => m.ChangePasswordPage),
);
const DeleteAccountPage = lazyPage(() => import('../features/auth/auth-page.tsx').then((m) => m.DeleteAccountPage));
// The signed-in screens' layout, which no reading page shows.
const SidebarLayout = lazyPage(() => import('../components/sidebar-layout.tsx').then((m) => m.SidebarLayout));
const AdminPage = lazyPage(() => import('../features/admin/admin-page.tsx').then((m) => m.AdminPage));
const ImportPage = lazyPage(() => import('../features/imports/import-page.tsx').then((m) => m.ImportPage));
const YourDataPage = lazyPage(() => import('../features/settings/your-data-page.tsx').then((m) => m.YourDataPage));
const BlockedAccountsPage = lazyPage(() =>
  import('../features/blocks/blocked-accounts-page.tsx').then((m) => m.BlockedAccountsPage),
);

// The reading pages that are islands whole take the address's parts as props, which the browser
// hydrates them from; a new search starts on its first tab.
function SearchRoute() {
  const { query = '' } = useParams();
  return <SearchPage key={query} query={query} />;
}
function ProfileRoute() {
  const { id = '' } = useParams();
  return <ProfilePage username={id} />;
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: 'signin', element: <AuthPage type="sign-in" /> },
          { path: 'signup', element: <AuthPage type="sign-up" /> },
        ],
      },
      // Open to all: a reset link from a mail must work in a browser that is still signed in.
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'verify-email/:token', element: <VerifyEmailPage /> },
      { path: 'search/:query', element: <SearchRoute /> },
      { path: 'user/:id', element: <ProfileRoute /> },
      { path: 'blog/:blog_id', element: <BlogPage /> },
      { path: 'preview/:token', element: <PreviewPage /> },
      // A mailed link's page: open to all, signed in or not, like a reset link.
      { path: 'subscribe/confirm/:token', element: <SubscriptionLinkPage kind="confirm" /> },
      { path: 'unsubscribe/:token', element: <SubscriptionLinkPage kind="unsubscribe" /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <SidebarLayout />,
            children: [
              { path: 'dashboard/blogs', element: <DashboardBlogsPage /> },
              { path: 'dashboard/notification', element: <NotificationsPage /> },
              { path: 'dashboard/reading-list', element: <ReadingListPage /> },
              { path: 'dashboard/stats', element: <StatsPage /> },
              { path: 'settings/edit-profile', element: <EditProfilePage /> },
              { path: 'settings/change-password', element: <ChangePasswordPage /> },
              { path: 'settings/blocked-accounts', element: <BlockedAccountsPage /> },
              { path: 'settings/data', element: <YourDataPage /> },
              { path: 'settings/import', element: <ImportPage /> },
              { path: 'settings/account', element: <DeleteAccountPage /> },
            ],
          },
          // The staff's screens (their calls are refused to everyone else), with routes of their own.
          { path: 'admin/*', element: <AdminPage /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    element: <RequireSignedIn />,
    children: ['editor', 'editor/:blog_id'].map((path) => ({ path, element: <EditorPage /> })),
  },
];

/**
 * Whether a path is one of the app's screens, by the same routes the app renders: false for what
 * only the catch-all “Page not found” matches, which the server then answers 404.
 */
export function isAppPath(pathname: string): boolean {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path !== '*';
}

/**
 * Each screen (a route without children: the layouts around it, top bar and sidebar, stay out) in
 * its own error boundary, a screen loaded on demand with its loading: one that fails to render
 * shows why, under a top bar that still works.
 */
const inBoundaries = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) =>
    route.children
      ? { ...route, children: inBoundaries(route.children) }
      : { ...route, element: <ScreenErrorBoundary>{route.element}</ScreenErrorBoundary> },
  );

const screens: RouteObject[] = [{ element: <RouteFocus />, children: inBoundaries(routes) }];

/** A route's whole path, under its parent's (`/` and `blog/:blog_id` make `/blog/:blog_id`); a route without one has its parent's. */
const wholePath = (route: RouteObject, parentPath: string) =>
  route.path === undefined || route.path.startsWith('/')
    ? (route.path ?? parentPath)
    : `${parentPath.replace(/\/$/, '')}/${route.path}`;

/** How many segments a whole path has (`/` none, `/blog/:blog_id` two). */
const depthOf = (path: string) => path.split('/').filter(Boolean).length;

/**
 * The routes from the table's root down to the screen of `pattern` (a whole path, as
 * `/blog/:blog_id`), each with the depth of its whole path: how much of the address it matches.
 */
function chainTo(routes: RouteObject[], pattern: string, parentPath = ''): { route: RouteObject; depth: number }[] {
  for (const route of routes) {
    const path = wholePath(route, parentPath);
    if (!route.children) {
      if (path === pattern) return [{ route, depth: depthOf(path) }];
      continue;
    }
    const below = chainTo(route.children, pattern, path);
    if (below.length > 0) return [{ route, depth: depthOf(path) }, ...below];
  }
  return [];
}

/** A reading page the server renders: its route's pattern, and where the path matched it (entry-server.tsx). */
export interface MatchedPage {
  pattern: string;
  params: Params;
  /** The path as matched (decoded, as React Router decodes it). */
  pathname: string;
}

/**
 * React Router flattens, ranks and compiles every route of the table on each render (`useRoutes`):
 * about a twentieth of the server's render of a blog page, for a match the server made already. So the
 * server renders the screen of the page it matched from the routes that lead to it, found once per
 * route, with React Router's own rendering of matches (each level's part of the path, its params).
 */
const chains = new Map<string, { route: RouteObject; depth: number }[]>();
function matchesOf({ pattern, params, pathname }: MatchedPage): RouteMatch[] {
  let chain = chains.get(pattern);
  if (!chain) chains.set(pattern, (chain = chainTo(screens, pattern)));
  const segments = pathname.split('/').filter(Boolean);
  return chain.map(({ route, depth }) => {
    const matched = `/${segments.slice(0, depth).join('/')}`;
    return { route, params, pathname: matched, pathnameBase: matched };
  });
}

const MatchedScreen = ({ page }: { page: MatchedPage }) => renderMatches(matchesOf(page));
const RoutedScreen = () => useRoutes(screens);

/**
 * The screen of the current address, inside a <BrowserRouter> (a <StaticRouter> on the server).
 * Declarative routing: TanStack Query loads the data, so the data router's loaders and actions
 * would be unused, and it costs every page about 16 KB more JavaScript (gzipped). The server names
 * the reading page it matched (`page`); any other address is routed here.
 */
export function AppRoutes({ page }: { page?: MatchedPage | undefined }) {
  // One more around them all, for a layout that fails (the top bar or a guard).
  return (
    <RouterNavigation>
      <ScreenErrorBoundary>{page ? <MatchedScreen page={page} /> : <RoutedScreen />}</ScreenErrorBoundary>
    </RouterNavigation>
  );
}

import { AsyncLocalStorage } from 'node:async_hooks';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  partialMatchKey,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import type { Blog } from '@inkwell/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter, type Params } from 'react-router';
import { AppRoutes, isAppPath } from './app/router.tsx';
import { blogQuery, blogQueryKey, similarBlogsKey, similarBlogsQuery } from './features/blog/index.ts';
import { homeBlogsOptions, trendingBlogsQuery } from './features/home/index.ts';
import { previewQuery } from './features/preview/index.ts';
import { profileQuery } from './features/profile/index.ts';
import { searchUsersQuery } from './features/search/index.ts';
import { isMissing, sendApiCallsThrough, type CheckedAnswer } from './lib/api.ts';
import { searchBlogsOptions } from './lib/blog-lists.ts';
import { IslandRenderer, IslandRoot, type RenderIsland } from './lib/island.tsx';
import type { Navigation } from './lib/navigation.tsx';
import { linkedPageCount } from './lib/paged-list.ts';
import { serverStateScript, type ReadingBundle } from './lib/server-state.ts';
import { SessionProvider } from './lib/session.tsx';
import { siteQuery } from './lib/site.ts';

/**
 * A public reading call of docs/api.md (path and JSON body) answered in-process by the server's
 * services: the status and body the API would send, checked and encoded against the contract, JSON
 * values only (api.ts CheckedAnswer).
 */
export type ReadingCall = (path: string, body: unknown) => Promise<CheckedAnswer>;

export interface RenderedPage {
  /** 404 when the page's blog or user does not exist. */
  status: number;
  /** The app's HTML, for inside #root. */
  html: string;
  /** The data block the browser hydrates from; none on a 404, which the browser renders afresh. */
  stateScript: string | null;
}

// The browser's own query functions load the page: same keys, same answers, with the calls
// answered by the request's ReadingCall instead of over HTTP, and taken as they come.
const readingCalls = new AsyncLocalStorage<ReadingCall>();
sendApiCallsThrough(async (path, init) => {
  const call = readingCalls.getStore();
  if (!call) throw new Error(`${path} called outside a page load`);
  return call(path, typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
});

/** A page's data, loaded into `client`; false when its subject does not exist (404). */
type PageLoad = (client: QueryClient, params: Params, search: URLSearchParams) => Promise<boolean>;

/** The data the page's subject is, or null when there is no such thing (isMissing). */
async function subject<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T | null> {
  try {
    return await client.fetchQuery(options);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * The reading routes, the queries each one's screen asks for when it first shows, and the bundle of
 * islands it runs; `htmlOnly`, the queries only its HTML shows, which no island of its bundle reads
 * and its state leaves out (a reading page's links load other pages whole: no screen of the app
 * comes to read them later).
 */
const readingPages: { path: string; load: PageLoad; bundle: ReadingBundle; htmlOnly?: QueryKey[] }[] = [
  {
    path: '/',
    bundle: 'home',
    load: async (client, _params, search) => {
      await Promise.all([
        client.prefetchInfiniteQuery({ ...homeBlogsOptions(search.get('tag')), pages: linkedPageCount(search) }),
        client.prefetchQuery(trendingBlogsQuery()),
      ]);
      return true;
    },
  },
  {
    path: '/blog/:blog_id',
    bundle: 'blog',
    // Three quarters of the page's state were its similar blogs, which are cards of plain HTML.
    htmlOnly: [similarBlogsKey],
    load: async (client, { blog_id = '' }) => {
      const blog = await subject(client, blogQuery(blog_id));
      if (!blog) return false;
      if (blog.tags[0]) await client.prefetchQuery(similarBlogsQuery(blog));
      return true;
    },
  },
  {
    path: '/preview/:token',
    // A draft shown as its blog page shows it.
    bundle: 'blog',
    load: async (client, { token = '' }) => (await subject(client, previewQuery(token))) !== null,
  },
  {
    path: '/user/:id',
    bundle: 'profile',
    load: async (client, { id = '' }, search) => {
      const profile = await subject(client, profileQuery(id));
      if (!profile) return false;
      await client.prefetchInfiniteQuery({
        ...searchBlogsOptions({ author: profile.personal_info.username }),
        pages: linkedPageCount(search),
      });
      return true;
    },
  },
  {
    path: '/search/:query',
    bundle: 'search',
    load: async (client, { query = '' }, search) => {
      await Promise.all([
        client.prefetchInfiniteQuery({ ...searchBlogsOptions({ query }), pages: linkedPageCount(search) }),
        client.prefetchQuery(searchUsersQuery(query)),
      ]);
      return true;
    },
  },
];

/**
 * A path as React Router matches it: each segment decoded (`/search/walk%20city` is the search for
 * “walk city”), an encoded `/` kept so (a parameter's value takes it back).
 */
function decodedPath(pathname: string) {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The reading pages by their path's first segment (`blog` for `/blog/:blog_id`, none for the home page). */
const readingPagesBySection = new Map(readingPages.map((page) => [page.path.split('/')[1]!, page]));

/**
 * The reading page at a path, and its match, as React Router matches its route (on the decoded path,
 * in any case): the data is loaded for, and the screen rendered from, the same parameters. Only the
 * page its first segment names is tried: React Router compiles a pattern each time it matches one.
 */
function readingPageAt(pathname: string) {
  const decoded = decodedPath(pathname);
  const page = readingPagesBySection.get(decoded.split('/')[1]!.toLowerCase());
  const match = page && matchPath(page.path, decoded);
  return match ? { ...page, params: match.params, pathname: match.pathname } : undefined;
}

/**
 * Renders a reading page (its path and query) as the anonymous reader sees it, from the same
 * routes and components the app renders, its islands as the browser hydrates them, and a path that is no page of the app as its “Page
 * not found” (404); null for the app's other pages, which the browser renders.
 */
export async function renderPage(pathAndQuery: string, call: ReadingCall): Promise<RenderedPage | null> {
  // Only the path and query matter: no part of the page depends on the origin.
  const url = new URL(pathAndQuery, 'http://localhost');
  const { pathname, searchParams } = url;
  const page = readingPageAt(pathname);
  if (!page && isAppPath(pathname)) return null;

  // No retry (a refusal answers the same again), and nothing goes stale while the page renders: a
  // screen shows what was loaded, the not-found page for a 404 included.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
  });
  // Every page, the 404 included, shows the site's identity.
  const found = await readingCalls.run(call, async () => {
    const [loaded] = await Promise.all([
      page ? page.load(queryClient, page.params, searchParams) : false,
      queryClient.prefetchQuery(siteQuery()),
    ]);
    return loaded;
  });

  // Each island renders as a root of its own, as the browser hydrates it (lib/island.tsx), with its
  // links the browser's to follow.
  const navigation: Navigation = {
    pathname,
    search: url.search,
    navigate: () => {
      throw new Error('navigating while rendering on the server');
    },
    inApp: false,
  };
  const renderIsland: RenderIsland = (content, id, sameOnEveryPage) => {
    const render = () =>
      renderToString(
        <IslandRoot queryClient={queryClient} navigation={navigation}>
          {content}
        </IslandRoot>,
        { identifierPrefix: id },
      );
    if (sameOnEveryPage === undefined) return render();
    // The identity as the page answers it (its image URLs on the page's origin).
    return renderedOnce(`${sameOnEveryPage} ${JSON.stringify(queryClient.getQueryData(siteQuery().queryKey))}`, render);
  };

  // Rendered whole, to a string. Its data is loaded above, so nothing suspends and a stream would
  // only be waited for whole (React's allReady: a late Suspense boundary would come with an inline
  // script, which the CSP refuses); its chunks and their copies cost a sixth of a long blog's render.
  // A component that did suspend would show its fallback: page-markup.test.ts holds every page to none.
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <IslandRenderer value={renderIsland}>
            <StaticRouter location={pathAndQuery}>
              <AppRoutes page={page && { pattern: page.path, params: page.params, pathname: page.pathname }} />
            </StaticRouter>
          </IslandRenderer>
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // The identity is left out: the head carries it to every page (SITE_IDENTITY_ID).
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      query.queryKey[0] !== siteQuery().queryKey[0] &&
      !page?.htmlOnly?.some((key) => partialMatchKey(query.queryKey, key)) &&
      defaultShouldDehydrateQuery(query),
  });
  return {
    status: found ? 200 : 404,
    html,
    stateScript: found && page ? serverStateScript(withoutBlogWords(state), page.bundle) : null,
  };
}

/**
 * The HTML of the islands the same on every page (lib/island.tsx `sameOnEveryPage`), by what it
 * depends on. A new identity, or an origin of its own (a Host the site answers on), renders anew;
 * the oldest are let go past a few, so no number of origins grows it.
 */
const sameOnEveryPage = new Map<string, string>();
const SAME_ON_EVERY_PAGE_KEPT = 16;

function renderedOnce(key: string, render: () => string): string {
  let html = sameOnEveryPage.get(key);
  if (html === undefined) {
    html = render();
    if (sameOnEveryPage.size >= SAME_ON_EVERY_PAGE_KEPT) sameOnEveryPage.delete(sameOnEveryPage.keys().next().value!);
    sameOnEveryPage.set(key, html);
  }
  return html;
}

/** The queries whose data is a whole blog (a `Blog`): its page's, and a draft's preview. */
const BLOG_QUERIES = new Set<unknown>([blogQueryKey('')[0], previewQuery('').queryKey[0]]);

/**
 * The state the islands take over, each blog in it without its words: the page's HTML holds them,
 * and no island shows them (a signed-in reader's asks for the blog again, whole). Carried, they
 * doubled a blog page's bytes, and stringifying a long one took a fifth of its render.
 */
function withoutBlogWords(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      BLOG_QUERIES.has(query.queryKey[0]) && query.state.data
        ? { ...query, state: { ...query.state, data: { ...(query.state.data as Blog), content: [] } } }
        : query,
    ),
  };
}

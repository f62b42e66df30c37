import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, use, useId, type ComponentType, type ReactNode } from 'react';
import { HydratingRoot } from './hydration.ts';
import { NavigationProvider, type Navigation } from './navigation.tsx';
import { SessionProvider } from './session.tsx';

/*
 * Islands (ADR 11): the parts of a server-rendered reading page a reader can touch (the top bar, a
 * like, a follow, a list's Load More) each hydrate as a React root of their own (app/islands.tsx),
 * and the rest of the page (the blog's text, the cards' static parts) stays the HTML the server
 * sent: no script renders it again.
 *
 * The server renders each island as a root of its own too, so that what React derives from a
 * component's place in its tree (useId's ids) is the same on both sides; its props go with it,
 * in JSON, for the browser to render it from.
 */

/**
 * Renders an island's content as a React root of its own, on the server: its HTML (entry-server.tsx).
 * `sameOnEveryPage`, for an island defined so, is what its HTML depends on besides the site's
 * identity (its id and props): the renderer may give the HTML it rendered for them before.
 */
export type RenderIsland = (content: ReactNode, id: string, sameOnEveryPage?: string) => string;

/** Provided by the server's renderer: islands render through it as roots of their own. */
export const IslandRenderer = createContext<RenderIsland | null>(null);

const InIsland = createContext(false);

/**
 * What an island's root holds around its content, the same on the server and in the browser (so
 * the two render the same tree): the page's query client, the session, how to navigate (the
 * browser's own when null), whether it is hydrated (lib/hydration.ts), and the word that an island
 * within it is only its content.
 */
export function IslandRoot({
  queryClient,
  navigation,
  children,
}: {
  queryClient: QueryClient;
  navigation: Navigation | null;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <NavigationProvider value={navigation}>
          <HydratingRoot>
            <InIsland value>{children}</InIsland>
          </HydratingRoot>
        </NavigationProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The attributes that mark an island in a server-rendered page: its name, its props, the id prefix it was rendered with. */
export const ISLAND_NAME = 'data-island';
export const ISLAND_PROPS = 'data-props';
export const ISLAND_ID = 'data-island-id';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };
/** An island's props: what it is rendered from, JSON both ways (no functions, no elements; an undefined field is left out). */
export type IslandProps = { [key: string]: Json | undefined };

export interface Island<P extends IslandProps> {
  (props: P): ReactNode;
  islandName: string;
  /** Its content from the props the page holds, for app/islands.tsx, which knows islands only by name. */
  renderFrom: (props: IslandProps) => ReactNode;
}

/**
 * `Component` as an island named `name`: in the app, it renders in place (in a wrapper that takes
 * no room in the layout, `display: contents`); on the server, as a root of its own inside that
 * wrapper, which names it and holds its props for app/islands.tsx to hydrate it from.
 *
 * `sameOnEveryPage`: what the server renders of it (for the anonymous reader, before hydration)
 * depends on its props and the site's identity alone, not on the page's data or address, so the
 * server renders it once for them (the top bar: about 4 % of an uncached page's server CPU).
 */
export function defineIsland<P extends IslandProps>(
  name: string,
  Component: ComponentType<P>,
  { sameOnEveryPage = false } = {},
): Island<P> {
  function IslandInPage(props: P) {
    const inIsland = use(InIsland);
    // Only the server renders islands as roots of their own: the browser's builds leave that out.
    const renderOnServer = import.meta.env.SSR ? use(IslandRenderer) : null;
    const id = useId();
    if (inIsland) return <Component {...props} />;
    const json = JSON.stringify(props);
    const marks = { [ISLAND_NAME]: name, [ISLAND_PROPS]: json, className: 'contents' };
    if (!renderOnServer)
      return (
        <div {...marks}>
          <InIsland value>
            <Component {...props} />
          </InIsland>
        </div>
      );
    return (
      <div
        {...marks}
        {...{ [ISLAND_ID]: id }}
        dangerouslySetInnerHTML={{
          __html: renderOnServer(<Component {...props} />, id, sameOnEveryPage ? `${name} ${id} ${json}` : undefined),
        }}
      />
    );
  }
  const renderFrom = (props: IslandProps) => <Component {...(props as P)} />;
  return Object.assign(IslandInPage, { islandName: name, renderFrom });
}

import { createContext, use, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * How the parts of the reading pages move the reader on, whether they run in the app (React
 * Router's screens) or as islands of a server-rendered page (ADR 11), which load without React
 * Router: its smallest import weighs 13 KB gzipped, a seventh of the reading pages' budget.
 */
export interface Navigation {
  /** The address shown: its path and its query (`?…`, or empty). */
  pathname: string;
  search: string;
  /** Goes to a path of the site. */
  navigate: (to: string) => void;
  /** Whether a link's click is the app's to follow (a screen of its own) rather than the browser's (a page the server sends). */
  inApp: boolean;
}

/**
 * On a server-rendered page every path is a document the server sends (from its cache, for a
 * reading page), which loads the app itself when it is a screen of the app.
 */
function documentNavigation(): Navigation {
  const { pathname, search } = window.location;
  return { pathname, search, navigate: (to) => window.location.assign(to), inApp: false };
}

const NavigationContext = createContext<Navigation | null>(null);

/** Provides how to navigate: the app's router bridges to it; islands take the document's (the default). */
export const NavigationProvider = NavigationContext;

function useNavigation(): Navigation {
  return use(NavigationContext) ?? documentNavigation();
}

export const useNavigate = () => useNavigation().navigate;

/** The address shown: its path and query. */
export function useAddress() {
  const { pathname, search } = useNavigation();
  return { pathname, search, searchParams: new URLSearchParams(search) };
}

/** A click that opens elsewhere (another tab or window, a download) is the browser's, not the app's. */
const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self');

/** A link to a path of the site: a screen the app shows, or the page the server sends (in an island, and without JavaScript). */
export function Link({
  to,
  onClick,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const { navigate, inApp } = useNavigation();
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!inApp || event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        navigate(to);
      }}
      {...props}
    />
  );
}

import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

/** How long a screen may take to show its heading (a chunk, then its data) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * The root of every route. After a navigation (not on the first load) the keyboard and screen
 * readers start at the new screen's h1, as they would on a page a server sent, instead of on
 * the link that was followed and is gone. A screen that moves focus itself keeps it.
 */
export function RouteFocus() {
  useFocusHeadingOnNavigate();
  return <Outlet />;
}

function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const focusedBefore = document.activeElement;

    // The heading may come later (a lazy chunk, a skeleton while data loads): watch for it.
    const focusHeading = () => {
      const heading = document.querySelector('h1');
      if (!heading) return false;
      const focused = document.activeElement;
      if (focused === focusedBefore || focused === document.body || !focused) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname]);
}

import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following changes (window resizes, rotation). The server,
 * which sees no screen, renders as for a narrow one (mobile first), and so does hydration.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's md breakpoint: from here on, side columns sit beside the main one instead of behind a tab. */
export const useWideScreen = () => useMediaQuery('(min-width: 768px)');

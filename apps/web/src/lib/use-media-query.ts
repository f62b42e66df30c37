import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (window resizes, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Tailwind's md breakpoint: from here on, side columns sit beside the main one instead of behind a tab. */
export const useWideScreen = () => useMediaQuery('(min-width: 768px)');

import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False on the server and while the browser hydrates its HTML, true from then on: what only the
 * browser knows (the session, the device, the stored theme) shows after hydration, so the first
 * pass renders exactly what the server sent.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

import { lazy } from 'react';

/**
 * What the app shell uses of signing in and out, and the site's public configuration (who may
 * join, whether a proof of work is asked), which a visitor's subscribe form reads too.
 */
export { usePublicConfig } from './api/public-config.ts';
export { useSignOut } from './use-sign-out.ts';

/**
 * The notice beside the editor's Publish and the comment box while the member's address waits for
 * confirmation: its own chunk, since the comment box is on the reading pages, loaded only by a
 * signed-in member who opens one.
 */
export const EmailUnverifiedNotice = lazy(() =>
  import('./components/email-unverified-notice.tsx').then((m) => ({ default: m.EmailUnverifiedNotice })),
);

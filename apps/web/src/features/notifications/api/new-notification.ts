import { api } from '../../../lib/api.ts';

/** docs/api.md: asked when a token exists; the answer's fields are merged into the session. */
export const checkNewNotification = (signal: AbortSignal) =>
  api('/api/notification/new-notification', { method: 'GET', auth: true, signal });

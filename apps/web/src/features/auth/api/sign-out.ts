import { api } from '../../../lib/api.ts';

/** Revokes the session's token on the server. */
export const signOut = () => api('/api/user/signout', { auth: true });

import { api } from '../../../lib/api.ts';

/** SPEC §7: the ID token from Google's popup goes to the server as `access_token`. */
export const googleAuth = (credential: string) => api('/api/user/google-auth', { body: { access_token: credential } });

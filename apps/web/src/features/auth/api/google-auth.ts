import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** docs/api.md: the ID token from Google's popup goes to the server as `access_token`. */
export const googleAuth = (credential: string) => api('/api/user/google-auth', { body: { access_token: credential } });

export const useGoogleAuth = (config?: MutationConfig<ApiAnswer<'/api/user/google-auth'>, string>) =>
  useApiMutation(googleAuth, config);

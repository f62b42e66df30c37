import type { GoogleAuthBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** docs/api.md: the ID token from Google's popup goes to the server as `access_token`, with what joining asks for. */
export const googleAuth = (body: GoogleAuthBody) => api('/api/user/google-auth', { body });

export const useGoogleAuth = (config?: MutationConfig<ApiAnswer<'/api/user/google-auth'>, GoogleAuthBody>) =>
  useApiMutation(googleAuth, config);

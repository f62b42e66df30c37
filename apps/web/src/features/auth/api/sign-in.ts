import type { SignInBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const signIn = (body: SignInBody) => api('/api/user/signin', { body });

export const useSignIn = (config?: MutationConfig<ApiAnswer<'/api/user/signin'>, SignInBody>) =>
  useApiMutation(signIn, config);

import type { SignUpBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const signUp = (body: SignUpBody) => api('/api/user/signup', { body });

export const useSignUp = (config?: MutationConfig<ApiAnswer<'/api/user/signup'>, SignUpBody>) =>
  useApiMutation(signUp, config);

import type { ForgotPasswordBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const forgotPassword = (body: ForgotPasswordBody) => api('/api/user/forgot-password', { body });

export const useForgotPassword = (
  config?: MutationConfig<ApiAnswer<'/api/user/forgot-password'>, ForgotPasswordBody>,
) => useApiMutation(forgotPassword, config);

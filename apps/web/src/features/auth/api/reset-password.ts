import type { ResetPasswordBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const resetPassword = (body: ResetPasswordBody) => api('/api/user/reset-password', { body });

export const useResetPassword = (config?: MutationConfig<ApiAnswer<'/api/user/reset-password'>, ResetPasswordBody>) =>
  useApiMutation(resetPassword, config);

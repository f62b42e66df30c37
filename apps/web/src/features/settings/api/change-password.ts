import type { ChangePasswordBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const changePassword = (body: ChangePasswordBody) => api('/api/user/change-password', { auth: true, body });

/** The server signs every other device out once the password is changed. */
export const useChangePassword = (
  config?: MutationConfig<ApiAnswer<'/api/user/change-password'>, ChangePasswordBody>,
) => useApiMutation(changePassword, config);

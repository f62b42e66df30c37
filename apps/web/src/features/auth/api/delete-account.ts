import type { DeleteAccountBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

export const deleteAccount = (body: DeleteAccountBody) => api('/api/account/delete', { auth: true, body });

/** The account is gone with its sessions: the screen forgets the session once it is. */
export const useDeleteAccount = (config?: MutationConfig<ApiAnswer<'/api/account/delete'>, DeleteAccountBody>) =>
  useApiMutation(deleteAccount, config);

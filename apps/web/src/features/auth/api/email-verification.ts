import { useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { ownProfileQuery } from '../../settings/index.ts';

type Notice = ApiAnswer<'/api/user/verify-email'>;

/** A mailed confirmation link's token, followed: the address is confirmed, and the member's profile says so. */
export function useVerifyEmail(config?: MutationConfig<Notice, VerifyEmailBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: VerifyEmailBody) => api('/api/user/verify-email', { body }),
    config,
    () => void queryClient.invalidateQueries({ queryKey: ownProfileQuery().queryKey }),
  );
}

/** A new confirmation link mailed to the signed-in member. */
export const useResendVerification = (config?: MutationConfig<Notice>) =>
  useApiMutation(() => api('/api/user/resend-verification', { auth: true }), config);

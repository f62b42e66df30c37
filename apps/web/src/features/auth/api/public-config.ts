import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Whether Google sign-in is configured, where its browser script comes from, who may join and
 * whether a proof of work is asked; asked for only once `enabled` (a form that needs it touched).
 */
export const usePublicConfig = (enabled = true) =>
  useQuery({
    queryKey: ['public-config'],
    queryFn: () => api('/api/config', { method: 'GET' }),
    staleTime: Infinity,
    enabled,
  });

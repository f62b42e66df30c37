import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Whether Google sign-in is configured, where its browser script comes from, and who may join. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ['public-config'],
    queryFn: () => api('/api/config', { method: 'GET' }),
    staleTime: Infinity,
  });

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Whether Google sign-in is configured, and where its browser script comes from. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ['public-config'],
    queryFn: () => api('/api/config', { method: 'GET' }),
    staleTime: Infinity,
  });

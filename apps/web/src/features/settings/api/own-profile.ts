import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyProfileResponse, SocialLinks } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

export const ownProfileQuery = () =>
  queryOptions({
    queryKey: ['own-profile'],
    queryFn: ({ signal }) => api('/api/user/me', { method: 'GET', auth: true, signal }),
  });

export const useOwnProfile = () => useQuery(ownProfileQuery());

/** Shows a saved change in the loaded profile, without loading it again. */
export function useShowOwnProfile() {
  const queryClient = useQueryClient();
  return (patch: Partial<MyProfileResponse['personal_info']>, links?: SocialLinks) =>
    queryClient.setQueryData(
      ownProfileQuery().queryKey,
      (old) =>
        old && { ...old, personal_info: { ...old.personal_info, ...patch }, social_links: links ?? old.social_links },
    );
}

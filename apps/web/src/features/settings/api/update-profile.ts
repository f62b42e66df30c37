import type { UpdateProfileBody } from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { useShowOwnProfile } from './own-profile.ts';

export const updateProfile = (body: UpdateProfileBody) => api('/api/user/update-profile', { auth: true, body });

/** Saves username, bio and links; the session (the top bar's username) and the loaded profile show them once saved. */
export function useUpdateProfile(config?: MutationConfig<ApiAnswer<'/api/user/update-profile'>, UpdateProfileBody>) {
  const { updateSession } = useSession();
  const showOwnProfile = useShowOwnProfile();
  return useApiMutation(updateProfile, config, (saved, body) => {
    updateSession({ username: saved.username });
    showOwnProfile({ username: saved.username, bio: body.bio }, body.social_links);
  });
}

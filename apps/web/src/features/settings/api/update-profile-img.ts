import { IMAGE_FIELD, Messages } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.tsx';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { useShowOwnProfile } from './own-profile.ts';

/** Which docs/product/rules.md message a failed step shows. */
export class ProfileImageError extends Error {}

/** Stores the picture through our upload endpoint, then makes it the profile picture. */
export async function uploadProfileImg(file: File): Promise<string> {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  const uploaded = await api('/api/upload/image', { auth: true, body: form }).catch(() => {
    throw new ProfileImageError(Messages.uploadFailed);
  });
  if (uploaded.success !== 1) throw new ProfileImageError(Messages.imageUploadFailed);
  const { profile_img } = await api('/api/user/update-profile-img', {
    auth: true,
    body: { url: uploaded.file.url },
  }).catch(() => {
    throw new ProfileImageError(Messages.profileImageFailed);
  });
  return profile_img;
}

/** Makes the file the profile picture; the session (the top bar's picture) and the loaded profile show it once saved. */
export function useUploadProfileImg(config?: MutationConfig<string, File>) {
  const { updateSession } = useSession();
  const showOwnProfile = useShowOwnProfile();
  return useApiMutation(uploadProfileImg, config, (url) => {
    updateSession({ profile_img: url });
    showOwnProfile({ profile_img: url });
  });
}

import { IMAGE_FIELD, Messages } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

/** Which SPEC §8 message a failed step shows. */
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

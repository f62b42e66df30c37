import { IMAGE_FIELD, Messages } from '@inkwell/contracts';
import { ApiError, api } from './api.ts';
import { useApiMutation, type MutationConfig } from './use-api-mutation.ts';

/** Stores an image through our upload endpoint; answers as the endpoint does (Editor.js's image tool takes it whole). */
export function storeImage(file: File) {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  return api('/api/upload/image', { auth: true, body: form });
}

/** Stores an image through our upload endpoint; answers its URL (the editor's banner, the site's logo and icons). */
export async function uploadImage(file: File): Promise<string> {
  const uploaded = await storeImage(file);
  if (uploaded.success !== 1) throw new ApiError(0, Messages.imageUploadFailed);
  return uploaded.file.url;
}

export const useUploadImage = <TContext>(config?: MutationConfig<string, File, TContext>) =>
  useApiMutation(uploadImage, config);

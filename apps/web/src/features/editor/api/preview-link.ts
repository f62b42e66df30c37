import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** A new secret preview link to the author's draft (the old one stops working); answers its address. */
export const createPreviewLink = (blogId: string) =>
  api('/api/blog/preview-link', { auth: true, body: { blog_id: blogId } }).then((r) => r.url);

/** The draft's preview link stops working. */
export const revokePreviewLink = (blogId: string) =>
  api('/api/blog/revoke-preview-link', { auth: true, body: { blog_id: blogId } });

export const useCreatePreviewLink = (blogId: string, config?: MutationConfig<string>) =>
  useApiMutation(() => createPreviewLink(blogId), config);

export const useRevokePreviewLink = (
  blogId: string,
  config?: MutationConfig<ApiAnswer<'/api/blog/revoke-preview-link'>>,
) => useApiMutation(() => revokePreviewLink(blogId), config);

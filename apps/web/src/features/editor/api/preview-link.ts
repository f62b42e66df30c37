import { api } from '../../../lib/api.ts';

/** A new secret preview link to the author's draft (the old one stops working); answers its address. */
export const createPreviewLink = (blogId: string) =>
  api('/api/blog/preview-link', { auth: true, body: { blog_id: blogId } }).then((r) => r.url);

/** The draft's preview link stops working. */
export const revokePreviewLink = (blogId: string) =>
  api('/api/blog/revoke-preview-link', { auth: true, body: { blog_id: blogId } });

import { api } from '../../../lib/api.ts';

/** A scheduled blog back to a plain draft: it will not be published by itself. */
export const cancelSchedule = (blogId: string) =>
  api('/api/blog/schedule', {
    auth: true,
    body: { blog_id: blogId, publishAt: null },
  });

/** The author's draft published at once. */
export const publishNow = (blogId: string) => api('/api/blog/publish-now', { auth: true, body: { blog_id: blogId } });

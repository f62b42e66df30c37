import { api } from '../../../lib/api.ts';

export const deleteBlog = (blogId: string) => api('/api/blog/delete-blog', { auth: true, body: { blog_id: blogId } });

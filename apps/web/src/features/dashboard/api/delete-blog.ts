import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { useForgetOwnBlog } from './own-blogs.ts';

export const deleteBlog = (blogId: string) => api('/api/blog/delete-blog', { auth: true, body: { blog_id: blogId } });

/** Deletes one of the author's blogs; once deleted, it leaves every loaded list of them. */
export function useDeleteBlog(blogId: string, config?: MutationConfig<ApiAnswer<'/api/blog/delete-blog'>>) {
  const forget = useForgetOwnBlog();
  return useApiMutation(
    () => deleteBlog(blogId),
    config,
    () => forget(blogId),
  );
}

import { api } from '../../../lib/api.ts';
import type { EditorBlog } from '../editor-blog.ts';

/** POST /api/blog/create-blog (A): creates the blog, or updates blog `id`, to publish at `publishAt` if given; answers its blog_id. */
export async function saveBlog({ content, ...blog }: EditorBlog, draft: boolean, id: string | undefined, publishAt?: string): Promise<string> {
  const body = { ...blog, content: [content], draft, ...(id !== undefined && { id }), ...(publishAt !== undefined && { publishAt }) };
  const { id: blogId } = await api('/api/blog/create-blog', { auth: true, body, schema: 'CreateBlogResponse' });
  return blogId;
}

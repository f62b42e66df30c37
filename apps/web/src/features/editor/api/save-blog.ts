import { api } from '../../../lib/api.ts';
import type { EditorBlog } from '../editor-blog.ts';

/**
 * Where a save goes: blog `id` (no id: a new blog), refused if saved since `updatedAt` (409,
 * the editor's conflict dialog).
 */
export interface SaveTarget {
  id?: string | undefined;
  updatedAt?: string | undefined;
}

/**
 * POST /api/blog/create-blog (A): creates the blog, or updates the target, to publish at `publishAt` if
 * given; answers its blog_id and the save's time.
 */
export async function saveBlog(
  { content, ...blog }: EditorBlog,
  draft: boolean,
  { id, updatedAt }: SaveTarget,
  publishAt?: string,
) {
  const body = {
    ...blog,
    content: [content],
    draft,
    ...(id !== undefined && { id, updatedAt }),
    ...(publishAt !== undefined && { publishAt }),
  };
  return api('/api/blog/create-blog', { auth: true, body });
}

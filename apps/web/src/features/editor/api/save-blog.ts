import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { blogListsKey } from '../../../lib/blog-lists.ts';
import { useSession } from '../../../lib/session.tsx';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { blogQueryKey } from '../../blog/index.ts';
import { profileQuery } from '../../profile/index.ts';
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

export interface Save {
  blog: EditorBlog;
  draft: boolean;
  target: SaveTarget;
  /** Publish at this moment (ISO) instead of now. */
  publishAt?: string | undefined;
}

/** What a save answers: the blog's id, its new `updatedAt`, and whether it waits for review. */
export type Saved = Awaited<ReturnType<typeof saveBlog>>;

/** Saves the blog (saveBlog); once saved, what it shows elsewhere loads again. */
export function useSaveBlog(config?: MutationConfig<Saved, Save>) {
  const queryClient = useQueryClient();
  const { session } = useSession();
  return useApiMutation(
    ({ blog, draft, target, publishAt }: Save) => saveBlog(blog, draft, target, publishAt),
    config,
    ({ id: savedId }) => {
      // What a save changes: every list of blogs, the blog's own page, and its author's count of blogs.
      void queryClient.invalidateQueries({ queryKey: blogListsKey });
      void queryClient.invalidateQueries({ queryKey: blogQueryKey(savedId) });
      if (session) void queryClient.invalidateQueries({ queryKey: profileQuery(session.username).queryKey });
    },
  );
}

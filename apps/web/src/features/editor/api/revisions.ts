import { queryOptions } from '@tanstack/react-query';
import type { Blog } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** POST /api/blog/revisions (A, the author's): newest first, read afresh each time the history opens. */
export const revisionsQuery = (blogId: string) =>
  queryOptions({
    queryKey: ['revisions', blogId],
    queryFn: async ({ signal }) =>
      (await api('/api/blog/revisions', { auth: true, body: { blog_id: blogId }, signal })).revisions,
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/blog/revision (A): a revision never changes once kept. */
export const revisionQuery = (blogId: string, id: string) =>
  queryOptions({
    queryKey: ['revision', blogId, id],
    queryFn: async ({ signal }) =>
      (
        await api('/api/blog/revision', {
          auth: true,
          body: { blog_id: blogId, _id: id },
          signal,
        })
      ).revision,
    staleTime: Infinity,
  });

/** POST /api/blog/restore-revision (A): answers the blog as get-blog does, restored. */
export async function restoreRevision(blogId: string, id: string) {
  return (
    await api('/api/blog/restore-revision', {
      auth: true,
      body: { blog_id: blogId, _id: id },
    })
  ).blog;
}

export const useRestoreRevision = (blogId: string, id: string, config?: MutationConfig<Blog>) =>
  useApiMutation(() => restoreRevision(blogId, id), config);

import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkActionResponse, BulkDeleteBody, BulkStandingBody, MemberFilter } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { nextPage } from './staff.ts';

const allMatchingKey = ['admin', 'members-matching'] as const;
const matchingKey = (filter: MemberFilter) => [...allMatchingKey, filter] as const;
const bulkActionsKey = ['admin', 'bulk-actions'] as const;
const bulkActionKey = (id: string) => ['admin', 'bulk-action', id] as const;

/** How often a running bulk action's progress is asked for. */
const PROGRESS_MS = 1500;

/** The members a filter matches, newest first, a page at a time; none asked for until there is a filter. */
export function useMembersMatching(filter: MemberFilter | undefined) {
  return useInfiniteQuery({
    queryKey: matchingKey(filter ?? ({} as MemberFilter)),
    enabled: filter !== undefined,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/members-matching', { auth: true, body: { filter: filter!, page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.members).length, last.totalDocs, pages.length),
    // Always asked again: the admin acts on the number they see.
    staleTime: 0,
  });
}

/** Asks again for every filter's members. */
export function useReloadMatching() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: allMatchingKey });
}

/** What starting a bulk action takes: a standing to give them all, or their deletion (typed to confirm). */
export type BulkStart = ({ kind: 'standing' } & BulkStandingBody) | ({ kind: 'delete' } & BulkDeleteBody);

/** Starts a bulk action on every member the filter matches; a refusal of a changed count loads the preview again. */
export function useStartBulkAction(config?: MutationConfig<BulkActionResponse, BulkStart>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    ({ kind, ...body }: BulkStart) =>
      kind === 'delete'
        ? api('/api/admin/bulk-delete', { auth: true, body: body as BulkDeleteBody })
        : api('/api/admin/bulk-standing', { auth: true, body: body as BulkStandingBody }),
    {
      ...config,
      onError: (...args) => {
        void queryClient.invalidateQueries({ queryKey: allMatchingKey });
        return config?.onError?.(...args);
      },
    },
    ({ bulkAction }) => {
      queryClient.setQueryData(bulkActionKey(bulkAction._id), { bulkAction });
      void queryClient.invalidateQueries({ queryKey: bulkActionsKey });
    },
  );
}

/** A bulk action as it is now, asked again every PROGRESS_MS while it runs; when it ends, what it changed loads again. */
export function useBulkAction(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: bulkActionKey(id),
    queryFn: async ({ signal }) => {
      const answer = await api('/api/admin/bulk-action', { auth: true, body: { id }, signal });
      if (answer.bulkAction.status === 'done')
        for (const queryKey of [allMatchingKey, ['admin', 'members'], bulkActionsKey])
          void queryClient.invalidateQueries({ queryKey });
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.bulkAction.status === 'running' ? PROGRESS_MS : false),
  });
}

/** The bulk actions, newest first, a page at a time. */
export function useBulkActions() {
  return useInfiniteQuery({
    queryKey: bulkActionsKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/bulk-actions', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) =>
      nextPage(pages.flatMap((p) => p.bulkActions).length, last.totalDocs, pages.length),
  });
}

import { queryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedJobActionBody } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { nextPage } from './staff.ts';

const healthKey = ['admin', 'health'] as const;
const failedJobsKey = ['admin', 'failed-jobs'] as const;

/** The site's health at a glance (admins). */
export const siteHealthQuery = () =>
  queryOptions({
    queryKey: healthKey,
    queryFn: ({ signal }) => api('/api/admin/health', { method: 'GET', auth: true, signal }),
  });

/** The jobs given up, the latest to fail first, a page at a time (admins). */
export function useFailedJobs() {
  return useInfiniteQuery({
    queryKey: failedJobsKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/failed-jobs', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.jobs).length, last.totalDocs, pages.length),
  });
}

const ACTIONS = { retry: '/api/admin/retry-job', discard: '/api/admin/discard-job' } as const;

/** Retry or discard a failed job; either way it leaves the list, which loads again with the queues' counts. */
export function useFailedJobAction(
  action: keyof typeof ACTIONS,
  config?: MutationConfig<{ status: 'done' }, FailedJobActionBody>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: FailedJobActionBody) => api(ACTIONS[action], { auth: true, body }),
    config,
    () => {
      void queryClient.invalidateQueries({ queryKey: failedJobsKey });
      void queryClient.invalidateQueries({ queryKey: healthKey });
    },
  );
}

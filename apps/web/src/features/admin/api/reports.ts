import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ReportedTarget, ReportsQueueResponse } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

const reportsKey = ['admin', 'reports'] as const;

/** The open reports grouped by target, most reported first, a page at a time. */
export function useReportsQueue() {
  return useInfiniteQuery({
    queryKey: reportsKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api('/api/admin/reports', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) =>
      pages.flatMap((p) => p.groups).length < last.totalDocs ? pages.length + 1 : undefined,
    staleTime: 0,
  });
}

/** What staff may do with a reported target. */
export type ReportAction = 'dismiss' | 'hide' | 'delete' | 'silenced' | 'suspended';

export interface ReportActionVariables {
  action: ReportAction;
  target: ReportedTarget;
  reason: string;
}

const dismiss = ({ target, reason }: ReportActionVariables) =>
  api('/api/admin/dismiss-reports', { auth: true, body: { target: { type: target.type, id: target.id }, reason } });

async function act(variables: ReportActionVariables): Promise<void> {
  const { action, target, reason } = variables;
  if (action === 'dismiss') await dismiss(variables);
  else if (action === 'hide') await api('/api/admin/hide-blog', { auth: true, body: { blog_id: target.id, reason } });
  else if (action === 'delete')
    await api('/api/admin/delete-comment', { auth: true, body: { comment_id: target.id, reason } });
  else {
    await api('/api/admin/member/standing', {
      auth: true,
      body: { username: target.author, standing: action, reason },
    });
    // Silencing or suspending closes the reports of the member's profile; a blog's or a comment's
    // were about what they wrote, and are dealt with too, for the same reason.
    if (target.type !== 'user') await dismiss(variables);
  }
}

/** Acts on a reported target: its group leaves the queue at once; the queue, members and log load again. */
export function useActOnReports(config?: MutationConfig<void, ReportActionVariables>) {
  const queryClient = useQueryClient();
  return useApiMutation(act, config, (_, { target }) => {
    queryClient.setQueryData<InfiniteData<ReportsQueueResponse>>(reportsKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              groups: page.groups.filter((g) => g.target.type !== target.type || g.target.id !== target.id),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  });
}

import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ApplicationsResponse,
  CreateInviteBody,
  CreateInviteResponse,
  DecideApplicationBody,
  Invite,
  InvitesResponse,
  RevokeInviteBody,
} from '@inkwell/contracts';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { logKey, nextPage } from './staff.ts';

/* Who may join, the admins' side: the applications waiting for a decision, and the invitation links. */

const applicationsKey = ['admin', 'applications'] as const;
const invitesKey = ['admin', 'invites'] as const;

/** The applications waiting, oldest first, a page at a time. */
export function useApplications() {
  return useInfiniteQuery({
    queryKey: applicationsKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/applications', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) =>
      nextPage(pages.flatMap((p) => p.applications).length, last.totalDocs, pages.length),
    staleTime: 0,
  });
}

/**
 * Approves or rejects an application: it leaves the list at once, then the staff's lists load again
 * (an approval makes a member; the log has a line; the pages after the first move up by one).
 */
export function useDecideApplication(
  config?: MutationConfig<ApiAnswer<'/api/admin/decide-application'>, DecideApplicationBody>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: DecideApplicationBody) => api('/api/admin/decide-application', { auth: true, body }),
    config,
    (_, { id }) => {
      queryClient.setQueryData<InfiniteData<ApplicationsResponse>>(applicationsKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                applications: page.applications.filter((application) => application._id !== id),
                totalDocs: page.totalDocs - 1,
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  );
}

/** The invitation links, newest first, a page at a time. */
export function useInvites() {
  return useInfiniteQuery({
    queryKey: invitesKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api('/api/admin/invites', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.invites).length, last.totalDocs, pages.length),
  });
}

export function useCreateInvite(config?: MutationConfig<CreateInviteResponse, CreateInviteBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: CreateInviteBody) => api('/api/admin/create-invite', { auth: true, body }),
    config,
    () => {
      void queryClient.invalidateQueries({ queryKey: invitesKey });
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
  );
}

/** Revokes a link: it shows as the server answered it, where it is. */
export function useRevokeInvite(config?: MutationConfig<{ invite: Invite }, RevokeInviteBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: RevokeInviteBody) => api('/api/admin/revoke-invite', { auth: true, body }),
    config,
    ({ invite }) => {
      queryClient.setQueryData<InfiniteData<InvitesResponse>>(invitesKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                invites: page.invites.map((i) => (i._id === invite._id ? invite : i)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
  );
}

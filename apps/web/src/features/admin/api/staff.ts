import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  type BlockedDomain,
  type DeleteMemberBody,
  type DomainBlockBody,
  type DomainBlockResponse,
  type Member,
  type MembersResponse,
  type SetRoleBody,
  type SetStandingBody,
  type SetTrustBody,
  type SiteSettingsResponse,
  type TransferOwnershipBody,
  type UpdateSiteSettingsBody,
} from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { ownProfileQuery } from '../../settings/index.ts';

const membersKey = (query: string) => ['admin', 'members', query] as const;
export const logKey = ['admin', 'log'] as const;
const settingsKey = ['admin', 'settings'] as const;

/** The admins' two lists of blocked domains: the fediverse's, and e-mail addresses'. Each call's path, and the list's query key. */
const DOMAIN_LISTS = {
  fediverse: {
    key: ['admin', 'domains'],
    list: '/api/admin/blocked-domains',
    block: '/api/admin/block-domain',
    unblock: '/api/admin/unblock-domain',
  },
  email: {
    key: ['admin', 'email-domains'],
    list: '/api/admin/blocked-email-domains',
    block: '/api/admin/block-email-domain',
    unblock: '/api/admin/unblock-email-domain',
  },
} as const;
export type DomainList = keyof typeof DOMAIN_LISTS;

/** The page after `pages` loaded ones, while fewer than the total are loaded. */
export const nextPage = (loaded: number, total: number, pages: number) => (loaded < total ? pages + 1 : undefined);

/** Members matching `query` (username, name or e-mail), newest first, a page at a time. */
export function useMembers(query: string) {
  return useInfiniteQuery({
    queryKey: membersKey(query),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api('/api/admin/members', { auth: true, body: { page: pageParam, query }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.members).length, last.totalDocs, pages.length),
    // A new search keeps the list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

/** Shows a member as the server answered them after an action, wherever they are loaded. */
function useShowMember() {
  const queryClient = useQueryClient();
  return ({ member }: { member: Member }) => {
    queryClient.setQueriesData<InfiniteData<MembersResponse>>({ queryKey: ['admin', 'members'] }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              members: page.members.map((m) => (m._id === member._id ? member : m)),
            })),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: logKey });
  };
}

export function useSetRole(config?: MutationConfig<{ member: Member }, SetRoleBody>) {
  return useApiMutation(
    (body: SetRoleBody) => api('/api/admin/member/role', { auth: true, body }),
    config,
    useShowMember(),
  );
}

export function useSetStanding(config?: MutationConfig<{ member: Member }, SetStandingBody>) {
  return useApiMutation(
    (body: SetStandingBody) => api('/api/admin/member/standing', { auth: true, body }),
    config,
    useShowMember(),
  );
}

/** Trusts a member by hand, distrusts them, or leaves it to the count of their published blogs. */
export function useSetTrust(config?: MutationConfig<{ member: Member }, SetTrustBody>) {
  return useApiMutation(
    (body: SetTrustBody) => api('/api/admin/member/trust', { auth: true, body }),
    config,
    useShowMember(),
  );
}

/** Hands the site over; the caller's own role changes with it, so every staff view loads again. */
export function useTransferOwnership(config?: MutationConfig<{ member: Member }, TransferOwnershipBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: TransferOwnershipBody) => api('/api/admin/transfer-ownership', { auth: true, body }),
    config,
    () => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ownProfileQuery().queryKey });
    },
  );
}

/** Deletes a member's account and all its content; every staff view loads again without them. */
export function useDeleteMember(config?: MutationConfig<{ username: string; deleted: true }, DeleteMemberBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: DeleteMemberBody) => api('/api/admin/delete-member', { auth: true, body }),
    config,
    () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  );
}

/** The moderation log, newest first, a page at a time. */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: logKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api('/api/admin/log', { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.entries).length, last.totalDocs, pages.length),
    staleTime: 0,
  });
}

/** The admins' settings answer: the settings, and whether the server can send mail. */
const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api('/api/admin/settings', { method: 'GET', auth: true, signal }),
  });

export const useSiteSettings = () => useQuery({ ...settingsQuery(), select: (answer) => answer.settings });

/** Whether the server can send mail (SMTP_URL): e-mail verification needs it. */
export const useCanMail = () => useQuery({ ...settingsQuery(), select: (answer) => answer.canMail });

export function useUpdateSiteSettings(config?: MutationConfig<SiteSettingsResponse, UpdateSiteSettingsBody>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (body: UpdateSiteSettingsBody) => api('/api/admin/update-settings', { auth: true, body }),
    config,
    (answer) => {
      queryClient.setQueryData(settingsKey, answer);
      void queryClient.invalidateQueries({ queryKey: logKey });
    },
  );
}

/** One list of blocked domains, newest first, a page at a time. */
export function useBlockedDomains(list: DomainList) {
  const { key, list: path } = DOMAIN_LISTS[list];
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({
      pageParam,
      signal,
    }): Promise<{ domains: (BlockedDomain & { createdBy?: string })[]; totalDocs: number }> =>
      api(path, { auth: true, body: { page: pageParam }, signal }),
    getNextPageParam: (last, pages) => nextPage(pages.flatMap((p) => p.domains).length, last.totalDocs, pages.length),
  });
}

/** A block or an unblock changes its list and writes a line in the log: both load again. */
function useReloadDomains(list: DomainList) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: DOMAIN_LISTS[list].key });
    void queryClient.invalidateQueries({ queryKey: logKey });
  };
}

export function useBlockDomain(list: DomainList, config?: MutationConfig<DomainBlockResponse, DomainBlockBody>) {
  return useApiMutation(
    (body: DomainBlockBody) => api(DOMAIN_LISTS[list].block, { auth: true, body }),
    config,
    useReloadDomains(list),
  );
}

export function useUnblockDomain(list: DomainList, config?: MutationConfig<DomainBlockResponse, DomainBlockBody>) {
  return useApiMutation(
    (body: DomainBlockBody) => api(DOMAIN_LISTS[list].unblock, { auth: true, body }),
    config,
    useReloadDomains(list),
  );
}

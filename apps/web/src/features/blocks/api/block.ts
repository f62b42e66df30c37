import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedUser } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { removeLoadedItems } from '../../../lib/remove-loaded-items.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';
import { useSession } from '../../../lib/session.tsx';
import { isBlockedQuery } from './is-blocked.ts';

const blockedUsersKey = ['blocked-users'];

/** Blocks `username` (`block: false` unblocks); answers whether they are blocked now. */
export const blockUser = (username: string, block: boolean) =>
  api('/api/user/block', { body: { username, block }, auth: true }).then((r) => r.blocked);

/**
 * Blocks or unblocks `username` (the mutation's variable says which). Once the server has, their
 * profile shows it at once, and the list of blocked accounts leaves an unblocked member out at
 * once. A block ends follows (a Follow button, a profile's counts) and hides comments: everything
 * the screen shows asks the server again.
 */
export function useBlock(username: string, config?: MutationConfig<boolean, boolean>) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  return useApiMutation(
    (block: boolean) => blockUser(username, block),
    config,
    (blocked) => {
      queryClient.setQueryData(isBlockedQuery(username, session?.username ?? '').queryKey, blocked);
      if (!blocked) removeLoadedItems<BlockedUser>(queryClient, blockedUsersKey, (user) => user.username === username);
      void queryClient.invalidateQueries();
    },
  );
}

/** The members the signed-in member blocked, newest block first, a page at a time. */
export function useBlockedUsers() {
  return useInfiniteQuery({
    ...pagedListOptions({
      queryKey: blockedUsersKey,
      list: ({ page, deletedDocCount }, signal) =>
        api('/api/user/blocked-users', { auth: true, body: { page, deletedDocCount }, signal }).then((r) => r.users),
      count: (signal) => api('/api/user/blocked-users-count', { auth: true, signal }).then((r) => r.totalDocs),
    }),
    // Profiles block elsewhere: always check again when the list opens.
    staleTime: 0,
  });
}

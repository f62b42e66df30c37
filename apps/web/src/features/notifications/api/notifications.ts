import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyNotification, NotificationFilter } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions } from '../../../lib/paged-list.ts';
import { removeLoadedItems } from '../../../lib/remove-loaded-items.ts';

/** Every loaded list of notifications, whatever its filter. */
export const allNotificationsKey = ['notifications'] as const;

export const notificationsKey = (filter: NotificationFilter) => [...allNotificationsKey, filter] as const;

const countNotifications = (filter: NotificationFilter, signal: AbortSignal) =>
  api('/api/notification/all-notifications-count', {
    auth: true,
    body: { filter },
    signal,
  }).then((r) => r.totalDocs);

/** The signed-in user's notifications of one filter, newest first, a page at a time; listing marks them seen. */
export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery({
    ...pagedListOptions({
      queryKey: notificationsKey(filter),
      // docs/api.md: this one has no /api prefix.
      list: ({ page, deletedDocCount }, signal) =>
        api('/notifications', {
          auth: true,
          body: { page, filter, deletedDocCount },
          signal,
        }).then((r) => r.notifications),
      count: (signal) => countNotifications(filter, signal),
    }),
    // New ones arrive all the time: ask again whenever the screen opens.
    staleTime: 0,
  });
}

/**
 * Takes entries about deleted comments (a comment and every reply under it) out of every loaded
 * list without reloading them, as the server's cascade took them out of the database.
 */
export function useForgetNotificationsOf() {
  const queryClient = useQueryClient();
  return (commentIds: string[]) => {
    const gone = new Set(commentIds);
    removeLoadedItems<AnyNotification>(
      queryClient,
      allNotificationsKey,
      (n) => 'comment' in n && (gone.has(n.comment?._id ?? '') || gone.has(n.replied_on_comment?._id ?? '')),
    );
  };
}

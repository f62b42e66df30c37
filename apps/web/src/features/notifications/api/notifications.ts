import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CountResponse, NotificationsResponse, type Notification, type NotificationFilter } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { pagedListOptions, removeLoadedItems } from '../../../lib/paged-list.ts';

export const notificationsKey = (filter: NotificationFilter) => ['notifications', filter] as const;

const countNotifications = (filter: NotificationFilter, signal: AbortSignal) =>
  api('/api/notification/all-notifications-count', { auth: true, body: { filter }, schema: CountResponse, signal }).then((r) => r.totalDocs);

/** The signed-in user's notifications of one filter, newest first, a page at a time; listing marks them seen. */
export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery({
    ...pagedListOptions({
      queryKey: notificationsKey(filter),
      // SPEC §7: this one has no /api prefix.
      list: ({ page, deletedDocCount }, signal) =>
        api('/notifications', { auth: true, body: { page, filter, deletedDocCount }, schema: NotificationsResponse, signal }).then((r) => r.notifications),
      count: (signal) => countNotifications(filter, signal),
    }),
    // New ones arrive all the time: ask again whenever the screen opens.
    staleTime: 0,
  });
}

/** Takes entries about a deleted comment out of every loaded list, without reloading them. */
export function useForgetNotificationsOf() {
  const queryClient = useQueryClient();
  return (commentId: string) =>
    removeLoadedItems<Notification>(
      queryClient,
      ['notifications'],
      (n) => n.comment?._id === commentId || n.replied_on_comment?._id === commentId,
    );
}

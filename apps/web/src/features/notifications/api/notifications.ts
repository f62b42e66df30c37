import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CountResponse, NotificationsResponse, type Notification, type NotificationFilter } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';

interface NotificationsPage {
  notifications: Notification[];
  totalDocs: number;
  /** Entries deleted from this page since it loaded. */
  removed: number;
}

interface PageParam {
  page: number;
  deletedDocCount: number;
}

export const notificationsKey = (filter: NotificationFilter) => ['notifications', filter] as const;

const countNotifications = (filter: NotificationFilter, signal: AbortSignal) =>
  api('/api/notification/all-notifications-count', { auth: true, body: { filter }, schema: CountResponse, signal }).then((r) => r.totalDocs);

async function fetchPage(filter: NotificationFilter, { page, deletedDocCount }: PageParam, signal: AbortSignal): Promise<NotificationsPage> {
  const [{ notifications }, totalDocs] = await Promise.all([
    // SPEC §7: this one has no /api prefix.
    api('/notifications', { auth: true, body: { page, filter, deletedDocCount }, schema: NotificationsResponse, signal }),
    // SPEC §8: a count failure yields an empty list, and is only logged.
    countNotifications(filter, signal).catch((error: unknown) => {
      console.error(error);
      return null;
    }),
  ]);
  return totalDocs === null ? { notifications: [], totalDocs: 0, removed: 0 } : { notifications, totalDocs, removed: 0 };
}

/** The signed-in user's notifications of one filter, newest first, a page at a time; listing marks them seen. */
export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery({
    queryKey: notificationsKey(filter),
    queryFn: ({ pageParam, signal }) => fetchPage(filter, pageParam, signal),
    // New ones arrive all the time: ask again whenever the screen opens.
    staleTime: 0,
    initialPageParam: { page: 1, deletedDocCount: 0 } as PageParam,
    // Read when Load More is pressed, so deletions made since then are counted.
    getNextPageParam: (last, pages): PageParam | undefined => {
      const loaded = pages.reduce((n, p) => n + p.notifications.length, 0);
      if (loaded >= last.totalDocs) return undefined;
      return { page: pages.length + 1, deletedDocCount: pages.reduce((n, p) => n + p.removed, 0) };
    },
  });
}

/** Takes entries about a deleted comment out of every loaded list, without reloading them. */
export function useForgetNotificationsOf() {
  const queryClient = useQueryClient();
  return (commentId: string) =>
    queryClient.setQueriesData<InfiniteData<NotificationsPage, PageParam>>({ queryKey: ['notifications'] }, (data) => {
      const about = (n: Notification) => n.comment?._id === commentId || n.replied_on_comment?._id === commentId;
      const gone = data?.pages.reduce((n, page) => n + page.notifications.filter(about).length, 0);
      if (!data || !gone) return data;
      return {
        ...data,
        pages: data.pages.map((page) => {
          const notifications = page.notifications.filter((n) => !about(n));
          return { notifications, totalDocs: page.totalDocs - gone, removed: page.removed + page.notifications.length - notifications.length };
        }),
      };
    });
}

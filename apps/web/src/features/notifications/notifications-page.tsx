import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NOTIFICATION_FILTERS, type NotificationFilter } from '@inkwell/contracts';
import { EmptyMessage } from '../../components/paged-blog-list.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { loadedItems } from '../../lib/paged-list.ts';
import { useSession } from '../../lib/session.tsx';
import { allNotificationsKey, useForgetNotificationsOf, useNotifications } from './api/notifications.ts';
import { NotificationCard } from './components/notification-card.tsx';
import { ModerationNoticeCard, ReportNoticeCard } from './components/staff-notices.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';

/** The notifications screen (docs/product/screens.md, grown by issue 6): filters (all, like, comment, reply, and new_blog shown as 'new blog'), the entries a page at a time, Load More. */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [filter, setFilter] = useState<NotificationFilter>('all');
  useClearNewNotification();
  const shown = useShownNew();

  return (
    <>
      <h1 className="mb-6 text-2xl max-md:sr-only">Recent Notifications</h1>
      <div role="group" aria-label="Filter notifications" className="mb-6 flex flex-wrap gap-3">
        {NOTIFICATION_FILTERS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            className={`px-5 py-2 capitalize ${filter === name ? 'btn-dark' : 'btn-light'}`}
            onClick={() => setFilter(name)}
          >
            {name.replace('_', ' ')}
          </button>
        ))}
      </div>
      <NotificationList key={filter} filter={filter} shown={shown} />
    </>
  );
}

/**
 * Opening the screen clears the red dot; a notification arriving while it is open (the dot comes
 * back) reloads the list, which shows it and marks it seen.
 */
function useClearNewNotification() {
  const { session, updateSession } = useSession();
  const queryClient = useQueryClient();
  const fresh = session?.new_notification_available === true;
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current && fresh) void queryClient.invalidateQueries({ queryKey: allNotificationsKey });
    opened.current = true;
    if (fresh) updateSession({ new_notification_available: false });
  }, [fresh, queryClient, updateSession]);
}

/**
 * What the screen showed new stays marked new while it is open, whatever the filter. Listing marks
 * entries seen, so a list loaded again (one more arrived; or the check of new ones, sent before the
 * first list, was answered after it) would otherwise show none of them new.
 */
function useShownNew() {
  const [shownNew, setShownNew] = useState<ReadonlySet<string>>(() => new Set());
  const keep = useCallback(
    (ids: string[]) => setShownNew((kept) => (ids.every((id) => kept.has(id)) ? kept : new Set([...kept, ...ids]))),
    [],
  );
  return { shownNew, keep };
}

function NotificationList({ filter, shown }: { filter: NotificationFilter; shown: ReturnType<typeof useShownNew> }) {
  const notifications = useNotifications(filter);
  const forget = useForgetNotificationsOf();
  const { data } = notifications;
  const { shownNew, keep } = shown;
  // Each list as it comes: what it says is unseen is kept as shown new (keep changes nothing for ids it has).
  useEffect(() => {
    if (data) keep(loadedItems(data).flatMap((n) => (n.seen ? [] : [n._id])));
  }, [data, keep]);
  const list = data ? loadedItems(data).map((n) => (n.seen && shownNew.has(n._id) ? { ...n, seen: false } : n)) : [];
  // docs/product/rules.md: a failed fetch is only logged.
  useEffect(() => {
    if (notifications.error && notifications.error.name !== 'AbortError') console.error(notifications.error);
  }, [notifications.error]);
  if (notifications.isPending) return <p className="py-6 text-neutral-500">Loading…</p>;
  if (notifications.isError) return null;
  if (list.length === 0) return <EmptyMessage>Nothing available</EmptyMessage>;
  return (
    <>
      <ul aria-label="Notifications" className="border-t border-neutral-100">
        {list.map((notification) =>
          notification.type === 'moderation' ? (
            <ModerationNoticeCard key={notification._id} notification={notification} />
          ) : notification.type === 'report' ? (
            <ReportNoticeCard key={notification._id} notification={notification} />
          ) : (
            <NotificationCard key={notification._id} notification={notification} onCommentDeleted={forget} />
          ),
        )}
      </ul>
      <LoadMoreButton query={notifications} />
    </>
  );
}

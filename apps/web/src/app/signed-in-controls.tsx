import type { Session } from '@inkwell/contracts';
import { BellIcon } from '../components/icons.tsx';
import { useLiveNotifications } from '../features/notifications/index.ts';
import { Link } from '../lib/navigation.tsx';
import { UserMenu } from './user-menu.tsx';

/** The top bar's bell, its red dot kept live, and the profile menu: a signed-in reader's. */
export function SignedInControls({ session }: { session: Session }) {
  useLiveNotifications();
  return (
    <>
      <Link
        to="/dashboard/notification"
        className="relative flex h-11 w-11 items-center justify-center rounded-full bg-neutral-100 hover:bg-neutral-200"
        aria-label={session.new_notification_available ? 'Notifications (new)' : 'Notifications'}
      >
        <BellIcon />
        {session.new_notification_available && (
          <span data-testid="notification-dot" className="absolute top-2 right-2 h-3 w-3 rounded-full bg-red-500" />
        )}
      </Link>
      <UserMenu session={session} />
    </>
  );
}

import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { DownloadIcon } from './download-icon.tsx';
import { ImportIcon } from './import-icon.tsx';
import {
  BanIcon,
  BellIcon,
  BookmarkIcon,
  ChartIcon,
  FileIcon,
  LockIcon,
  MenuIcon,
  PenIcon,
  UserIcon,
  type IconProps,
} from './icons.tsx';
import { TrashIcon } from './trash-icon.tsx';

interface SidebarLink {
  to: string;
  label: string;
  Icon: ComponentType<IconProps>;
}

const SECTIONS: { heading: string; links: SidebarLink[] }[] = [
  {
    heading: 'Dashboard',
    links: [
      { to: '/dashboard/blogs', label: 'Blogs', Icon: FileIcon },
      { to: '/dashboard/stats', label: 'Statistics', Icon: ChartIcon },
      { to: '/dashboard/notification', label: 'Notification', Icon: BellIcon },
      { to: '/dashboard/reading-list', label: 'Reading list', Icon: BookmarkIcon },
      { to: '/editor', label: 'Write', Icon: PenIcon },
    ],
  },
  {
    heading: 'Settings',
    links: [
      { to: '/settings/edit-profile', label: 'Edit Profile', Icon: UserIcon },
      { to: '/settings/change-password', label: 'Change Password', Icon: LockIcon },
      { to: '/settings/blocked-accounts', label: 'Blocked accounts', Icon: BanIcon },
      { to: '/settings/data', label: 'Your data', Icon: DownloadIcon },
      { to: '/settings/import', label: 'Import posts', Icon: ImportIcon },
      { to: '/settings/account', label: 'Delete account', Icon: TrashIcon },
    ],
  },
];

const item = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-4 whitespace-nowrap py-3 pl-4 focus-visible:-outline-offset-2 md:pl-6 ${isActive ? 'border-r-2 border-accent bg-neutral-100 font-medium text-neutral-900' : 'text-neutral-600 hover:text-neutral-900'}`;

/**
 * The sidebar shared by the dashboard and settings screens (docs/product/screens.md Sidebar). On small screens it
 * folds into a button naming the current screen, which opens the links above the content.
 */
export function SidebarLayout() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const linksId = useId();
  const current = SECTIONS.flatMap((section) => section.links).find((link) => link.to === pathname);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="flex min-h-[calc(100vh-72px)] max-md:flex-col md:gap-10 md:pr-[5vw]">
      <nav
        aria-label="Dashboard and settings"
        onKeyDown={onKeyDown}
        className="sticky top-[72px] z-10 flex-none border-neutral-100 bg-white max-md:border-b md:h-[calc(100vh-72px)] md:min-w-[220px] md:overflow-y-auto md:border-r md:pl-[5vw]"
      >
        <button
          ref={toggle}
          type="button"
          className="flex w-full items-center gap-3 px-[5vw] py-3 md:hidden"
          aria-expanded={open}
          aria-controls={linksId}
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
          <span>{current?.label ?? 'Menu'}</span>
        </button>
        <div
          id={linksId}
          className={`max-md:max-h-[calc(100vh-130px)] max-md:overflow-y-auto max-md:px-[5vw] max-md:pb-4 md:block ${open ? 'block' : 'hidden'}`}
        >
          {SECTIONS.map(({ heading, links }) => (
            <div key={heading}>
              <h2 className="mt-6 mb-3 text-xl text-neutral-500">{heading}</h2>
              <hr className="mb-4 -ml-6 border-neutral-100 md:mr-6" />
              {links.map(({ to, label, Icon }) => (
                <NavLink key={to} to={to} className={item} onClick={() => setOpen(false)}>
                  <span className="relative">
                    <Icon />
                    {to === '/dashboard/notification' && session?.new_notification_available && (
                      <span
                        data-testid="sidebar-notification-dot"
                        className="absolute top-0 right-0 h-2 w-2 rounded-full bg-red-500"
                      />
                    )}
                  </span>
                  {label}
                </NavLink>
              ))}
            </div>
          ))}
        </div>
      </nav>
      <div className="mt-5 min-w-0 flex-1 max-md:px-[5vw] md:mt-8">
        <Outlet />
      </div>
    </div>
  );
}

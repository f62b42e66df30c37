import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session.tsx';
import { BellIcon, FileIcon, LockIcon, MenuIcon, PenIcon, UserIcon } from './icons.tsx';

const item = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-4 whitespace-nowrap py-3 pl-4 md:pl-6 ${isActive ? 'border-r-2 border-neutral-900 bg-neutral-100 font-medium text-neutral-900' : 'text-neutral-600 hover:text-neutral-900'}`;

/** The sidebar shared by the dashboard and settings screens (SPEC §2 Sidebar). */
export function SidebarLayout() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  return (
    <section className="relative flex min-h-[calc(100vh-72px)] gap-10 py-0 md:pr-[5vw]">
      <div className="sticky top-[72px] z-10 w-full md:w-auto">
        <button
          type="button"
          className="flex w-full items-center gap-3 border-b border-neutral-100 bg-white px-[5vw] py-3 capitalize md:hidden"
          aria-expanded={open}
          aria-label="Toggle menu"
          onClick={() => setOpen((value) => !value)}
        >
          <MenuIcon />
          <span>{pathname.split('/').pop()?.replace('-', ' ')}</span>
        </button>
        <nav
          aria-label="Dashboard and settings"
          className={`absolute w-full min-w-[220px] overflow-y-auto border-neutral-100 bg-white px-[5vw] md:sticky md:block md:h-[calc(100vh-72px)] md:border-r md:pr-0 md:pl-[5vw] ${open ? 'block h-[calc(100vh-130px)] shadow-lg' : 'hidden'}`}
          onClick={() => setOpen(false)}
        >
          <h2 className="mt-6 mb-3 text-xl text-neutral-500">Dashboard</h2>
          <hr className="mb-4 -ml-6 border-neutral-100 md:mr-6" />
          <NavLink to="/dashboard/blogs" className={item}>
            <FileIcon /> Blogs
          </NavLink>
          <NavLink to="/dashboard/notification" className={item}>
            <span className="relative">
              <BellIcon />
              {session?.new_notification_available && (
                <span data-testid="sidebar-notification-dot" className="absolute top-0 right-0 h-2 w-2 rounded-full bg-red-500" />
              )}
            </span>
            Notification
          </NavLink>
          <NavLink to="/editor" className={item}>
            <PenIcon /> Write
          </NavLink>
          <h2 className="mt-10 mb-3 text-xl text-neutral-500">Settings</h2>
          <hr className="mb-4 -ml-6 border-neutral-100 md:mr-6" />
          <NavLink to="/settings/edit-profile" className={item}>
            <UserIcon /> Edit Profile
          </NavLink>
          <NavLink to="/settings/change-password" className={item}>
            <LockIcon /> Change Password
          </NavLink>
        </nav>
      </div>
      <div className="mt-5 w-full max-md:px-[5vw] md:mt-8">
        <Outlet />
      </div>
    </section>
  );
}

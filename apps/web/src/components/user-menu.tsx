import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DROPDOWN_CLOSE_MS, type Session } from '@inkwell/contracts';
import { useSignOut } from '../features/auth/use-sign-out.ts';

/** The profile picture toggles this menu; it closes 200 ms after it loses focus (SPEC §9). */
export function UserMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const signOut = useSignOut();

  const onBlur = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_MS);
  };
  const onFocus = () => window.clearTimeout(closeTimer.current);

  return (
    <div className="relative" onBlur={onBlur} onFocus={onFocus}>
      <button
        type="button"
        className="mt-1 h-12 w-12 overflow-hidden rounded-full"
        aria-label="Open profile menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={session.profile_img} alt="" className="h-full w-full object-cover" referrerPolicy="no-referrer" />
      </button>
      {open && (
        <div role="menu" className="absolute top-14 right-0 z-30 w-60 border border-neutral-100 bg-white shadow-lg">
          <Link role="menuitem" to="/editor" className="link flex gap-2 py-4 pl-8 md:hidden">
            Write
          </Link>
          <Link role="menuitem" to={`/user/${session.username}`} className="link block py-4 pl-8">
            Profile
          </Link>
          <Link role="menuitem" to="/dashboard/blogs" className="link block py-4 pl-8">
            Dashboard
          </Link>
          <Link role="menuitem" to="/settings/edit-profile" className="link block py-4 pl-8">
            Settings
          </Link>
          <span className="block border-t border-neutral-100" />
          <button
            role="menuitem"
            type="button"
            className="w-full py-4 pl-8 text-left hover:bg-neutral-100"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            <span className="block text-xl font-bold">Sign Out</span>
            <span className="text-neutral-500">@{session.username}</span>
          </button>
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../lib/navigation.tsx';
import { DROPDOWN_CLOSE_MS, profilePath, type Session } from '@inkwell/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSignOut } from '../features/auth/index.ts';
import { ownProfileQuery } from '../features/settings/index.ts';

/**
 * The profile picture toggles this menu; it closes 200 ms after it loses focus (docs/product/rules.md). As a
 * menu button: opening moves focus to the first entry, the arrow keys move between entries, and
 * Escape closes it and gives focus back to the picture.
 */
export function UserMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();
  // Whether to offer the staff's screens: asked when the menu opens, not on every page.
  const me = useQuery({ ...ownProfileQuery(), enabled: open });

  // Write is an entry on small screens only: move among the entries shown.
  const entries = () =>
    [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter((entry) =>
      entry.checkVisibility(),
    );

  useEffect(() => {
    if (open) entries()[0]?.focus();
  }, [open]);

  const onBlur = () => {
    closeTimer.current = window.setTimeout(() => setOpen(false), DROPDOWN_CLOSE_MS);
  };
  const onFocus = () => window.clearTimeout(closeTimer.current);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
      return;
    }
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    list[(at + step + list.length) % list.length]?.focus();
  };

  return (
    <div className="relative" onBlur={onBlur} onFocus={onFocus} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="mt-1 h-12 w-12 overflow-hidden rounded-full"
        aria-label="Open profile menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <img src={session.profile_img} alt="" className="h-full w-full object-cover" referrerPolicy="no-referrer" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Profile"
          className="absolute top-14 right-0 z-30 w-60 border border-neutral-100 bg-white shadow-lg"
        >
          <Link role="menuitem" to="/editor" className="link flex gap-2 py-4 pl-8 md:hidden">
            Write
          </Link>
          <Link role="menuitem" to={profilePath(session.username)} className="link block py-4 pl-8">
            Profile
          </Link>
          <Link role="menuitem" to="/dashboard/blogs" className="link block py-4 pl-8">
            Dashboard
          </Link>
          <Link role="menuitem" to="/settings/edit-profile" className="link block py-4 pl-8">
            Settings
          </Link>
          {me.data?.can.moderate && (
            <Link role="menuitem" to="/admin" className="link block py-4 pl-8">
              Admin
            </Link>
          )}
          <span role="separator" className="block border-t border-neutral-100" />
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

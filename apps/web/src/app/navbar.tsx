import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { searchPath, type NavLink } from '@inkwell/contracts';
import { useHydrated } from '../lib/hydration.ts';
import { defineIsland } from '../lib/island.tsx';
import { Link, useNavigate } from '../lib/navigation.tsx';
import { useSession } from '../lib/session.tsx';
import { useSite } from '../lib/site.ts';
import { MenuIcon, PenIcon, SearchIcon } from '../components/icons.tsx';
import { LogoMark } from '../components/logo-mark.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';

/** The bell and the profile menu: loaded once a session shows, as only a signed-in reader has them. */
const SignedInControls = lazy(() => import('./signed-in-controls.tsx').then((m) => ({ default: m.SignedInControls })));

/**
 * docs/product/screens.md top navigation bar, an island of the reading pages (it holds the search,
 * the theme, the bell and the profile menu).
 */
function Navbar() {
  const { session } = useSession();
  const site = useSite();
  const navigate = useNavigate();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchId = useId();
  const searchBox = useRef<HTMLInputElement>(null);
  const searchToggle = useRef<HTMLButtonElement>(null);
  // Searching needs the app: on a server-rendered page, the box and its toggle wait for hydration.
  const hydrated = useHydrated();

  // On small screens the toggle shows the box: the keyboard goes straight into it.
  useEffect(() => {
    if (searchOpen) searchBox.current?.focus();
  }, [searchOpen]);

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const query = event.currentTarget.value.trim();
    if (event.key === 'Enter' && query) navigate(searchPath(query));
    if (event.key === 'Escape' && searchOpen) {
      setSearchOpen(false);
      searchToggle.current?.focus();
    }
  };

  return (
    <nav className="sticky top-0 z-20 flex h-[72px] items-center gap-3 border-b border-neutral-100 bg-white px-[5vw] sm:gap-6">
      <Link
        to="/"
        className="flex min-w-0 items-center gap-2 overflow-hidden font-serif text-2xl font-bold"
        aria-label={`${site.name} home`}
      >
        <LogoMark />
        {/* A long name, or a wide logo, gives way to the controls: cut short (the link’s name holds it whole). */}
        <span className="hidden truncate sm:inline">{site.name}</span>
      </Link>

      <div
        id={searchId}
        className={`absolute top-full left-0 mt-0.5 w-full border-b border-neutral-100 bg-white px-[5vw] py-4 md:relative md:inset-0 md:block md:w-auto md:border-0 md:p-0 ${searchOpen ? 'block' : 'hidden'}`}
      >
        <input
          ref={searchBox}
          type="search"
          aria-label="Search"
          placeholder="Search"
          onKeyDown={onSearchKey}
          disabled={!hydrated}
          className="w-full rounded-full bg-neutral-100 p-3 pr-6 pl-12 placeholder:text-neutral-500 md:pr-6 md:pl-12"
        />
        <SearchIcon className="pointer-events-none absolute top-1/2 left-[calc(5vw+16px)] -translate-y-1/2 text-neutral-500 md:left-4" />
      </div>

      {/* Whole on wide screens, where the search box gives up its room first; too many scroll sideways. */}
      {site.navigation.length > 0 && (
        <ul className="hidden max-w-[550px] flex-none overflow-x-auto whitespace-nowrap xl:flex">
          <SiteLinks links={site.navigation} />
        </ul>
      )}

      <div className="ml-auto flex items-center gap-3 whitespace-nowrap md:gap-5">
        {site.navigation.length > 0 && (
          <details className="relative xl:hidden" onKeyDown={closeOnEscape}>
            <summary
              aria-label="Site links"
              className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-neutral-100"
            >
              <MenuIcon />
            </summary>
            <ul className="absolute top-14 left-0 z-30 w-60 border border-neutral-100 bg-white py-2 shadow-lg">
              <SiteLinks links={site.navigation} />
            </ul>
          </details>
        )}
        <button
          ref={searchToggle}
          type="button"
          className="flex h-11 w-11 items-center justify-center rounded-full bg-neutral-100 md:hidden"
          aria-label="Toggle search"
          aria-expanded={searchOpen}
          aria-controls={searchId}
          onClick={() => setSearchOpen((open) => !open)}
          disabled={!hydrated}
        >
          <SearchIcon />
        </button>
        <ThemeToggle />
        <Link to="/editor" className="link hidden items-center gap-2 md:flex">
          <PenIcon />
          <span>Write</span>
        </Link>
        {session ? (
          // Their room is kept while they load, so the bar does not shift.
          <Suspense fallback={<span className="h-12 w-[104px] md:w-[112px]" />}>
            <SignedInControls session={session} />
          </Suspense>
        ) : (
          <>
            <Link to="/signin" className="btn-dark py-2">
              Sign In
            </Link>
            <Link to="/signup" className="btn-light hidden py-2 md:block">
              Sign Up
            </Link>
          </>
        )}
      </div>
    </nav>
  );
}

// Before hydration it shows no session, no open search: only the site's name, logo and links.
export const NavbarIsland = defineIsland('navbar', Navbar, { sameOnEveryPage: true });

/**
 * The site's own links (its identity's navigation): a path of the site loads as a page, an outside
 * address opens as any link does, without handing it this page (noopener).
 */
/** An open menu closes with Escape, as every menu does, and gives the focus back to its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== 'Escape' || !event.currentTarget.open) return;
  event.currentTarget.open = false;
  event.currentTarget.querySelector('summary')?.focus();
}

function SiteLinks({ links }: { links: NavLink[] }) {
  return links.map(({ label, url }) => (
    <li key={url + label}>
      <a href={url} rel={url.startsWith('/') ? undefined : 'noopener'} className="link block">
        {label}
      </a>
    </li>
  ));
}

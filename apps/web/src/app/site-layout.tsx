import { Outlet } from 'react-router';
import { useSite } from '../lib/site.ts';
import { NavbarIsland } from './navbar.tsx';

/**
 * Every screen but the editor: the top bar, the screen below it in the page's one main landmark,
 * and the site's footer, if it has one, below that.
 */
export function SiteLayout() {
  const { footer } = useSite();
  return (
    <>
      <NavbarIsland />
      <main>
        <Outlet />
      </main>
      {footer && (
        <footer className="border-t border-neutral-100 px-[5vw] py-8 whitespace-pre-line text-neutral-600">
          {footer}
        </footer>
      )}
    </>
  );
}

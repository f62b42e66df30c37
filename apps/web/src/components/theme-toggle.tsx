import { useState } from 'react';
import { useHydrated } from '../lib/hydration.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { MoonIcon } from './icons.tsx';

/** Where the choice is kept, per browser; public/theme.js reads it before the first paint. */
const THEME_KEY = 'inkwell:theme';
type Theme = 'light' | 'dark';

/** The theme on <html>: the stored choice theme.js applied, or none (the system's scheme applies). */
function chosenTheme(): Theme | null {
  const theme = document.documentElement.dataset.theme;
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/**
 * The top bar's dark theme switch: pressed while the page is dark. A press away from the system's
 * scheme is remembered in this browser; a press back to it forgets the choice.
 */
export function ThemeToggle() {
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  // Until pressed here, the choice is the one theme.js applied, read once the page is hydrated.
  const [pressed, setChosen] = useState<Theme | null | undefined>(undefined);
  const hydrated = useHydrated();
  const chosen = pressed === undefined ? (hydrated ? chosenTheme() : null) : pressed;
  const dark = (chosen ?? (systemDark ? 'dark' : 'light')) === 'dark';

  const toggle = () => {
    const next: Theme = dark ? 'light' : 'dark';
    // Back to the system's own scheme: the choice is forgotten, and the page follows the system again.
    const choice = next === (systemDark ? 'dark' : 'light') ? null : next;
    if (choice) document.documentElement.dataset.theme = choice;
    else delete document.documentElement.dataset.theme;
    try {
      if (choice) localStorage.setItem(THEME_KEY, choice);
      else localStorage.removeItem(THEME_KEY);
    } catch {
      // Not remembered where storage is blocked; this page still switches.
    }
    setChosen(choice);
  };

  return (
    <button
      type="button"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={toggle}
      // A press before the page is hydrated would be lost.
      disabled={!hydrated}
      className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-neutral-100 hover:bg-neutral-200"
    >
      <MoonIcon filled={dark} />
    </button>
  );
}

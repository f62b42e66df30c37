import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider } from '../lib/navigation.tsx';

/** The app's router as lib/navigation's: a link of the reading pages' parts shows its screen in the app. */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const navigation = useMemo(
    () => ({ pathname, search, navigate: (to: string) => void navigate(to), inApp: true }),
    [pathname, search, navigate],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}

import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session.tsx';

/** docs/product/screens.md: the editor, dashboard and settings send signed-out users to /signin. */
export function RequireSignedIn() {
  const { session } = useSession();
  return session?.access_token ? <Outlet /> : <Navigate to="/signin" replace />;
}

/** docs/product/screens.md: /signin and /signup send a user with an access_token to /. */
export function RequireSignedOut() {
  const { session } = useSession();
  return session?.access_token ? <Navigate to="/" replace /> : <Outlet />;
}

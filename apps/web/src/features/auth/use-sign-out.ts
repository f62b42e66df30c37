import { useNavigate } from '../../lib/navigation.tsx';
import { useSession } from '../../lib/session.tsx';
import { signOut } from './api/sign-out.ts';

/** Revokes the token on the server, then forgets the session here (and in every tab) whatever the server said. */
export function useSignOut() {
  const { clearSession } = useSession();
  const navigate = useNavigate();
  return async () => {
    await signOut().catch(() => {});
    clearSession();
    navigate('/');
  };
}

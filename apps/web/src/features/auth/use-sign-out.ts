import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';

/** Revokes the token on the server, then forgets the session here (and in every tab) whatever the server said. */
export function useSignOut() {
  const { clearSession } = useSession();
  const navigate = useNavigate();
  return async () => {
    await api('/api/user/signout', { auth: true }).catch(() => {});
    clearSession();
    navigate('/');
  };
}

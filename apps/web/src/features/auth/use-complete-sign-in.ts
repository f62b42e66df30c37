import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { LOGIN_TOAST_DELAY_MS, Messages, type Session } from '@inkwell/contracts';
import { useSession } from '../../lib/session.tsx';

/** SPEC §4: store the response whole, go to /, and say 'Login successfull' about a second later. */
export function useCompleteSignIn() {
  const { setSession } = useSession();
  const navigate = useNavigate();
  return (session: Session) => {
    setSession(session);
    navigate('/', { replace: true });
    window.setTimeout(() => toast.success(Messages.loginSuccess), LOGIN_TOAST_DELAY_MS);
  };
}

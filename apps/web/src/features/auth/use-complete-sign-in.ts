import { useNavigate } from 'react-router';
import { LOGIN_TOAST_DELAY_MS, Messages, type Session } from '@inkwell/contracts';
import { formSettled, formSuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';

/** The toast id of the sign-in and sign-up form (Google's button included). */
export const AUTH_FORM = 'auth';

/** docs/product/screens.md: store the response whole, go to /, and say 'Login successfull' about a second later. */
export function useCompleteSignIn() {
  const { setSession } = useSession();
  const navigate = useNavigate();
  return (session: Session) => {
    setSession(session);
    navigate('/', { replace: true });
    // An error from a failed attempt goes at once, not when the success replaces it a second later.
    formSettled(AUTH_FORM);
    window.setTimeout(() => formSuccess(AUTH_FORM, Messages.loginSuccess), LOGIN_TOAST_DELAY_MS);
  };
}

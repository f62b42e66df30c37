import { useEffect } from 'react';
import { Messages, type SignUpBody } from '@inkwell/contracts';
import { ApiError, type ApiAnswer } from '../../../lib/api.ts';
import { useGoogleAuth } from '../api/google-auth.ts';
import { usePublicConfig } from '../api/public-config.ts';
import { preloadGoogleIdentity, promptGoogleSignIn } from '../google-identity.ts';

const GoogleLogo = () => (
  <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
    <path
      fill="#EA4335"
      d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
    />
    <path
      fill="#4285F4"
      d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z"
    />
    <path
      fill="#FBBC05"
      d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
    />
    <path
      fill="#34A853"
      d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
    />
  </svg>
);

interface GoogleSignInButtonProps {
  /** What the sign-up form asks of a newcomer (why they want to join, their invitation), sent along. */
  joining?: Pick<SignUpBody, 'reason' | 'invite'>;
  /** A session, or an application kept for the staff (202). */
  onAnswer: (answer: ApiAnswer<'/api/user/google-auth'>) => void;
  onError: (message: string) => void;
}

/**
 * docs/product/screens.md: the 'or' divider and 'continue with google', shown only when the server has a
 * Google client id. Google Identity Services is loaded from the URL the server names.
 */
export function GoogleSignInButton({ joining, onAnswer, onError }: GoogleSignInButtonProps) {
  const { data: config } = usePublicConfig();
  const clientId = config?.googleClientId;
  const scriptUrl = config?.googleScriptUrl;

  const signIn = useGoogleAuth({
    onSuccess: onAnswer,
    onError: (error) => {
      // Our own refusals (e.g. an e-mail that belongs to a password account) say what to do.
      const fromServer = error instanceof ApiError && error.status >= 400 && error.status < 500;
      onError(fromServer ? error.message : Messages.googleFailed);
    },
  });

  useEffect(() => {
    if (clientId && scriptUrl) preloadGoogleIdentity(scriptUrl);
  }, [clientId, scriptUrl]);

  if (!clientId || !scriptUrl) return null;

  const onCredential = (credential: string | undefined) => {
    if (credential) signIn.mutate({ access_token: credential, ...joining });
    else onError(Messages.googleFailed);
  };

  const onClick = () => {
    promptGoogleSignIn(scriptUrl, clientId, onCredential).catch(() => onError(Messages.googleFailed));
  };

  return (
    <>
      <div className="my-8 flex w-full items-center gap-2 font-bold text-neutral-500">
        <hr className="w-1/2 border-neutral-200" />
        <p>or</p>
        <hr className="w-1/2 border-neutral-200" />
      </div>
      <button
        type="button"
        className="btn-dark mx-auto flex w-[90%] items-center justify-center gap-4"
        disabled={signIn.isPending}
        onClick={onClick}
      >
        <GoogleLogo />
        continue with google
      </button>
    </>
  );
}

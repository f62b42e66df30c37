import { useEffect } from 'react';
import { Messages } from '@inkwell/contracts';
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

interface GoogleButtonProps {
  label: string;
  busy: boolean;
  /** The ID token Google gave. */
  onCredential: (credential: string) => void;
  onError: (message: string) => void;
  className: string;
}

/**
 * A button that asks Google for an ID token (Google Identity Services, loaded from the URL the
 * server names), shown only when the server has a Google client id: what signs in, and what
 * confirms that it is still them (deleting an account made with Google).
 */
export function GoogleButton({ label, busy, onCredential, onError, className }: GoogleButtonProps) {
  const { data: config } = usePublicConfig();
  const clientId = config?.googleClientId;
  const scriptUrl = config?.googleScriptUrl;

  useEffect(() => {
    if (clientId && scriptUrl) preloadGoogleIdentity(scriptUrl);
  }, [clientId, scriptUrl]);

  if (!clientId || !scriptUrl) return null;

  const onClick = () => {
    const answered = (credential: string | undefined) =>
      credential ? onCredential(credential) : onError(Messages.googleFailed);
    promptGoogleSignIn(scriptUrl, clientId, answered).catch(() => onError(Messages.googleFailed));
  };

  return (
    <button
      type="button"
      className={`btn-dark flex items-center justify-center gap-4 ${className}`}
      disabled={busy}
      onClick={onClick}
    >
      <GoogleLogo />
      {label}
    </button>
  );
}

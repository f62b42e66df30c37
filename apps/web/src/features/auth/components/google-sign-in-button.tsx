import { Messages, type SignUpBody } from '@inkwell/contracts';
import { ApiError, type ApiAnswer } from '../../../lib/api.ts';
import { useGoogleAuth } from '../api/google-auth.ts';
import { usePublicConfig } from '../api/public-config.ts';
import { GoogleButton } from './google-button.tsx';

interface GoogleSignInButtonProps {
  /** What the sign-up form asks of a newcomer (why they want to join, their invitation), sent along. */
  joining?: Pick<SignUpBody, 'reason' | 'invite'>;
  /** A session, or an application kept for the staff (202). */
  onAnswer: (answer: ApiAnswer<'/api/user/google-auth'>) => void;
  onError: (message: string) => void;
}

/** docs/product/screens.md: the 'or' divider and 'continue with google', shown only when the server has a Google client id. */
export function GoogleSignInButton({ joining, onAnswer, onError }: GoogleSignInButtonProps) {
  const { data: config } = usePublicConfig();
  const signIn = useGoogleAuth({
    onSuccess: onAnswer,
    onError: (error) => {
      // Our own refusals (e.g. an e-mail that belongs to a password account) say what to do.
      const fromServer = error instanceof ApiError && error.status >= 400 && error.status < 500;
      onError(fromServer ? error.message : Messages.googleFailed);
    },
  });

  if (!config?.googleClientId || !config.googleScriptUrl) return null;

  return (
    <>
      <div className="my-8 flex w-full items-center gap-2 font-bold text-neutral-500">
        <hr className="w-1/2 border-neutral-200" />
        <p>or</p>
        <hr className="w-1/2 border-neutral-200" />
      </div>
      <GoogleButton
        label="continue with google"
        busy={signIn.isPending}
        onCredential={(credential) => signIn.mutate({ access_token: credential, ...joining })}
        onError={onError}
        className="mx-auto w-[90%]"
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { ErrorMessages } from '@inkwell/contracts';
import { formError, formProgress, formSuccess } from '../../../lib/notify.ts';
import { ownProfileQuery } from '../../settings/index.ts';
import { useResendVerification } from '../api/email-verification.ts';

/**
 * Where a member publishes or comments: while the site wants their address confirmed first, the
 * server's own words and a button that mails the link again; nothing otherwise.
 */
export function EmailUnverifiedNotice({ className = '' }: { className?: string }) {
  const me = useQuery(ownProfileQuery());
  const resend = useResendVerification({
    onMutate: () => formProgress('resend-verification', 'Sending…'),
    onSuccess: ({ message }) => formSuccess('resend-verification', message),
    onError: (error) => formError('resend-verification', error.message),
  });
  if (!me.data?.emailUnverified) return null;
  return (
    <div role="note" className={`rounded-md bg-neutral-100 p-4 text-neutral-800 ${className}`}>
      <p>{ErrorMessages.email_unverified}</p>
      <button
        type="button"
        className="btn-light mt-3 py-1.5 text-sm"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        Send the link again
      </button>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useVerifyEmail } from './api/email-verification.ts';

/**
 * The page a confirmation mail links to (`/verify-email/:token`): it confirms the address as it
 * opens and says so. Unlike a subscription's link it needs no button: a mail scanner that opens it
 * only proves what it proves, that the mail reached the mailbox.
 */
export function VerifyEmailPage() {
  usePageTitle('Confirm your e-mail address');
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const { mutate } = verify;
  // Once, however often React runs the effect (a link works once).
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [mutate, token]);

  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <div className="w-[80%] max-w-[420px] text-center">
        <h1 className="mb-6 font-serif text-4xl">Confirm your e-mail address</h1>
        {verify.isSuccess ? (
          <>
            <p role="status" className="mb-8 text-xl text-neutral-700">
              {verify.data.message}
            </p>
            <Link to="/" className="btn-dark px-10">
              Go to the home page
            </Link>
          </>
        ) : verify.isError ? (
          <p role="alert" className="text-neutral-900">
            {verify.error.message}
          </p>
        ) : (
          <p className="text-neutral-600">Confirming…</p>
        )}
      </div>
    </section>
  );
}

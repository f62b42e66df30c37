import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFollowMailedLink } from './api/subscriptions.ts';

const PAGES = {
  confirm: {
    title: 'Confirm subscription',
    text: 'Confirm that you want an e-mail whenever this writer publishes.',
    path: '/subscribe/confirm/',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    text: 'Stop the e-mails you get when this writer publishes.',
    path: '/unsubscribe/',
  },
} as const;

/**
 * The page of a mailed link (`/subscribe/confirm/:token`, `/unsubscribe/:token`). Opening it changes
 * nothing (mail scanners open links): its button does, with a POST to the same address.
 */
export function SubscriptionLinkPage({ kind }: { kind: keyof typeof PAGES }) {
  const { token = '' } = useParams();
  const page = PAGES[kind];
  usePageTitle(page.title);
  const follow = useFollowMailedLink(`${page.path}${encodeURIComponent(token)}`);
  return (
    <section className="flex min-h-[calc(100vh-80px)] items-center justify-center py-10">
      <div className="w-[80%] max-w-[420px] text-center">
        <h1 className="mb-6 font-serif text-4xl">{page.title}</h1>
        {follow.isSuccess ? (
          <p role="status" className="text-xl text-neutral-700">
            {follow.data.message}
          </p>
        ) : (
          <>
            <p className="mb-8 text-neutral-700">{page.text}</p>
            <button
              type="button"
              className="btn-dark px-10"
              disabled={follow.isPending}
              onClick={() => follow.mutate()}
            >
              {page.title}
            </button>
            {follow.isError && (
              <p role="alert" className="mt-6 text-neutral-900">
                {follow.error.message}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

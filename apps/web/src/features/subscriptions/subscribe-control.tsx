import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import { notifyError } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.tsx';
import { subscriptionQuery, useChangeSubscription } from './api/subscriptions.ts';

/** A visitor's form, loaded once the page knows there is no session: a reader signed in never needs it. */
const SubscribeForm = lazy(() => import('./subscribe-form.tsx').then((m) => ({ default: m.SubscribeForm })));

/**
 * The profile's Subscribe by e-mail: a button for a signed-in reader (their account's address,
 * at once), an address field for a visitor (who confirms from a mail). Shown once the page has
 * hydrated, as only the browser knows the session.
 */
export function SubscribeControl({ username }: { username: string }) {
  const hydrated = useHydrated();
  const { session } = useSession();
  if (!hydrated) return null;
  if (session) return <SubscribeButton username={username} />;
  return (
    <Suspense>
      <SubscribeForm username={username} />
    </Suspense>
  );
}

function SubscribeButton({ username }: { username: string }) {
  const state = useQuery(subscriptionQuery(username));
  const subscribed = state.data?.subscribed ?? false;
  const change = useChangeSubscription(username, subscribed, { onError: (error) => notifyError(error.message) });
  return (
    <button
      type="button"
      className={`${subscribed ? 'btn-light' : 'btn-dark'} w-fit`}
      aria-pressed={subscribed}
      disabled={state.isPending || change.isPending}
      onClick={() => change.mutate()}
    >
      {subscribed ? 'Unsubscribe by e-mail' : 'Subscribe by e-mail'}
    </button>
  );
}

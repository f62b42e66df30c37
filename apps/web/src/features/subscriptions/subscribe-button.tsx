import { useQuery } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify.ts';
import { subscriptionQuery, useChangeSubscription } from './api/subscriptions.ts';

/** A signed-in reader's Subscribe by e-mail / Unsubscribe by e-mail, with their account's address, at once. */
export function SubscribeButton({ username }: { username: string }) {
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

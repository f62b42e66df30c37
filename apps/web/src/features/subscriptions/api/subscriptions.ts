import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** The signed-in reader's subscription to `username`, for the button's state. */
export const subscriptionQuery = (username: string) =>
  queryOptions({
    queryKey: ['subscription', username.toLowerCase()],
    queryFn: ({ signal }) => api('/api/user/subscription', { auth: true, body: { username }, signal }),
  });

/** What a visitor sends: their address, and the proof of work where the site asks for one. */
export interface VisitorSubscription {
  email: string;
  altcha?: string | undefined;
}

/** Signed in: subscribed at once with the account's address. A visitor: a confirmation mail is on its way. */
export const subscribe = (username: string, visitor?: VisitorSubscription) =>
  api('/api/user/subscribe', { auth: visitor === undefined, body: { username, ...visitor } });

export const unsubscribe = (username: string) => api('/api/user/unsubscribe', { auth: true, body: { username } });

/** The signed-in reader's subscription to `username` turned to its opposite; the button then shows what the server says. */
export function useChangeSubscription(
  username: string,
  subscribed: boolean,
  config?: MutationConfig<{ subscribed: boolean }>,
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    () => (subscribed ? unsubscribe(username) : subscribe(username)),
    config,
    (answer) => queryClient.setQueryData(subscriptionQuery(username).queryKey, { subscribed: answer.subscribed }),
  );
}

/** A visitor's subscription by e-mail: a confirmation mail is on its way. */
export const useSubscribeByEmail = (
  username: string,
  config?: MutationConfig<ApiAnswer<'/api/user/subscribe'>, VisitorSubscription>,
) => useApiMutation((visitor: VisitorSubscription) => subscribe(username, visitor), config);

/** The signed-in author's confirmed subscribers (a number: nobody sees an address). */
export const subscriberCountQuery = () =>
  queryOptions({
    queryKey: ['subscriber-count'],
    queryFn: ({ signal }) => api('/api/user/subscriber-count', { auth: true, signal }),
  });

/** A mailed link's button: POSTs to the link's own address (`/subscribe/confirm/<token>`, `/unsubscribe/<token>`). */
export const followMailedLink = (path: `/subscribe/confirm/${string}` | `/unsubscribe/${string}`) =>
  api(path, { body: {} });

export const useFollowMailedLink = (path: Parameters<typeof followMailedLink>[0]) =>
  useApiMutation(() => followMailedLink(path));

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The signed-in reader's subscription to `username`, for the button's state. */
export const subscriptionQuery = (username: string) =>
  queryOptions({
    queryKey: ['subscription', username.toLowerCase()],
    queryFn: ({ signal }) => api('/api/user/subscription', { auth: true, body: { username }, signal }),
  });

/** Signed in: subscribed at once with the account's address. A visitor (with `email`): a confirmation mail is on its way. */
export const subscribe = (username: string, email?: string) =>
  api('/api/user/subscribe', {
    auth: email === undefined,
    body: { username, ...(email !== undefined && { email }) },
  });

export const unsubscribe = (username: string) => api('/api/user/unsubscribe', { auth: true, body: { username } });

/** The signed-in author's confirmed subscribers (a number: nobody sees an address). */
export const subscriberCountQuery = () =>
  queryOptions({
    queryKey: ['subscriber-count'],
    queryFn: ({ signal }) => api('/api/user/subscriber-count', { auth: true, signal }),
  });

/** A mailed link's button: POSTs to the link's own address (`/subscribe/confirm/<token>`, `/unsubscribe/<token>`). */
export const followMailedLink = (path: `/subscribe/confirm/${string}` | `/unsubscribe/${string}`) =>
  api(path, { body: {} });

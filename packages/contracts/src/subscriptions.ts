import { z } from 'zod';
import { AltchaPayload } from './proof-of-work.ts';

/*
 * E-mail subscriptions to an author's new blogs (Inkwell's own calls, docs/api.md). A signed-in reader
 * subscribes with their account's address in one click; a visitor gives an address and confirms it
 * from the mail that follows (double opt-in). Nobody but the subscriber sees an address.
 */

export const SubscriptionMessages = {
  checkInbox: 'Check your inbox to confirm your subscription.',
  subscribed: 'You will get an e-mail when this writer publishes.',
  unsubscribed: 'You will no longer get e-mails from this writer.',
  confirmed: 'Subscription confirmed: you will get an e-mail when this writer publishes.',
  tooManySubscribes: 'Too many subscriptions asked for',
} as const;

/**
 * `POST /api/user/subscribe`: `email` is needed only without a session (a signed-in reader's is their
 * account's), and so is `altcha`, a solved proof-of-work challenge, where the site asks for one.
 */
export const SubscribeBody = z.object({
  username: z.string().max(200),
  email: z.string().max(1000).optional(),
  altcha: AltchaPayload.optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;

/** `subscribed` is true once mails will come; a visitor's answer is the same whatever the address, so it tells nothing of who subscribes. */
export const SubscribeResponse = z.object({ subscribed: z.boolean(), message: z.string() });
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** `POST /api/user/unsubscribe` and `POST /api/user/subscription` (A): the signed-in reader's subscription to `username`. */
export const SubscriptionBody = z.object({ username: z.string().max(200) });
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;
export const SubscriptionState = z.object({ subscribed: z.boolean() });
export type SubscriptionState = z.infer<typeof SubscriptionState>;

/** `POST /api/user/subscriber-count` (A): the signed-in author's confirmed subscribers. */
export const SubscriberCount = z.object({ subscribers: z.number().int() });
export type SubscriberCount = z.infer<typeof SubscriberCount>;

/** The token in a mailed link's address (`/subscribe/confirm/<token>`, `/unsubscribe/<token>`). */
export const SubscriptionLinkParams = z.object({ token: z.string().max(200) });
/** What the mailed links' pages POST to them: empty, JSON, or the RFC 8058 form body `List-Unsubscribe=One-Click`. */
export const SubscriptionLinkBody = z.object({ 'List-Unsubscribe': z.string().max(100).optional() });

/** What the mailed links' pages POST to (`/subscribe/confirm/<token>`, `/unsubscribe/<token>`) answer. */
export const SubscriptionLinkResult = z.object({ message: z.string() });
export type SubscriptionLinkResult = z.infer<typeof SubscriptionLinkResult>;

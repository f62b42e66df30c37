import {
  emailError,
  SubscriptionMessages,
  type FieldRefusal,
  type SubscribeBody,
  type SubscribeResponse,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http-error.ts';
import { hashToken, TOKEN_PATTERN } from '../auth/index.ts';
import { refuseBlockedEmail } from '../email-domains/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { findUserByUsername } from '../users/index.ts';
import {
  addConfirmedSubscriber,
  addPendingSubscriber,
  confirmByTokenHash,
  countConfirmedSubscribers,
  deleteReadersSubscriptions,
  findEmailOf,
  isConfirmedSubscriber,
  takeConfirmMailTurn,
  unsubscribeByTokenHash,
} from './subscribers.repository.ts';

/** The queue of confirmation mails, sent as soon as possible (not paced behind a newsletter). */
export const CONFIRM_MAIL_QUEUE = 'subscription-confirm-mail';
/** A pending address is mailed again only after this long, however often it is asked. */
export const CONFIRM_REMAIL_MINUTES = 10;

/** Addresses are one whatever their case or surrounding spaces. */
const normalEmail = (email: string) => email.trim().toLowerCase();

async function authorNamed(db: Db, username: string) {
  const author = await findUserByUsername(db, username.trim(), { asSeenByOthers: true });
  if (!author) throw notFound('user_not_found');
  return author;
}

async function readerOf(db: Db, userId: string) {
  return { id: userId, email: normalEmail(await findEmailOf(db, userId)) };
}

/** Why a visitor's subscribe request cannot be taken, or null; checked before its address counts against a rate limit. */
export function visitorEmailError(body: SubscribeBody): FieldRefusal | null {
  return emailError(body.email ?? '');
}

/**
 * A signed-in reader is subscribed with their account's address at once. A visitor's address is
 * pending until confirmed from the mail that is queued for it (in the same transaction); the answer
 * is the same whether it was new, pending or confirmed, so it tells nobody who subscribes. An
 * address on a blocked e-mail domain is refused, as it would be at sign-up.
 */
export async function subscribe(
  db: Db,
  userId: string | null,
  body: SubscribeBody,
  now: Date,
): Promise<SubscribeResponse> {
  const author = await authorNamed(db, body.username);
  if (userId) {
    if (author.id === userId) throw badRequest('self_subscription');
    const reader = await readerOf(db, userId);
    await addConfirmedSubscriber(db, author.id, reader.id, reader.email, now);
    return { subscribed: true, message: SubscriptionMessages.subscribed };
  }
  const error = visitorEmailError(body);
  if (error) throw badRequest(error);
  const email = normalEmail(body.email!);
  await refuseBlockedEmail(db, email);
  await db.transaction(async (tx) => {
    await addPendingSubscriber(tx, author.id, email);
    const subscriberId = await takeConfirmMailTurn(tx, author.id, email, now, CONFIRM_REMAIL_MINUTES);
    if (subscriberId) await enqueueJob(tx, { queue: CONFIRM_MAIL_QUEUE, payload: { subscriberId } });
  });
  return { subscribed: false, message: SubscriptionMessages.checkInbox };
}

export async function unsubscribeReader(db: Db, userId: string, username: string) {
  const author = await authorNamed(db, username);
  await deleteReadersSubscriptions(db, author.id, await readerOf(db, userId));
  return { subscribed: false };
}

export async function subscriptionOf(db: Db, userId: string, username: string) {
  const author = await authorNamed(db, username);
  return { subscribed: await isConfirmedSubscriber(db, author.id, await readerOf(db, userId)) };
}

export async function subscriberCount(db: Db, authorId: string) {
  return { subscribers: await countConfirmedSubscribers(db, authorId) };
}

const invalidLink = () => notFound('subscription_link_invalid');

/** The confirmation link's POST (its GET page only shows a button: mail scanners open links). */
export async function confirmByToken(db: Db, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token) || !(await confirmByTokenHash(db, hashToken(token), now))) throw invalidLink();
  return { message: SubscriptionMessages.confirmed };
}

/** The unsubscribe link's POST: its page's button, or a mail client's RFC 8058 one-click POST. */
export async function unsubscribeByToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token) || !(await unsubscribeByTokenHash(db, hashToken(token)))) throw invalidLink();
  return { message: SubscriptionMessages.unsubscribed };
}

import type { webcrypto } from 'node:crypto';
import { importJwk, signRequest, type Context } from '@fedify/fedify';
import type { Activity } from '@fedify/fedify/vocab';
import type { Db, Executor } from '../../db/client.ts';
import { safePost } from '../../net/safe-fetch.ts';
import { enqueueJobs } from '../jobs/index.ts';
import { signingKey } from './actor-keys.ts';
import { DELIVERY_QUEUE } from './blog-activities.ts';
import { withFullPublicAddress } from './public-address.ts';

/** One activity for one inbox: what a delivery job carries (the JSON-LD is built once, when it is sent out). */
export interface Delivery {
  /** The author (users.id) who signs it. */
  senderId: string;
  inbox: string;
  activity: unknown;
  /**
   * The author's private key, carried by a farewell's deliveries (farewell.ts): the account and its
   * keys are gone when they are sent. Others sign with the stored key.
   */
  key?: webcrypto.JsonWebKey;
}

/** An inbox refused or could not be reached; the job is tried again later (or, 4xx but 429, given up). */
export class DeliveryFailed extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.permanent = permanent;
  }
}

/** An activity as the compact JSON-LD that is sent, the Public address in full. */
export const activityJson = async (ctx: Context<void>, activity: Activity) =>
  withFullPublicAddress(await activity.toJsonLd({ format: 'compact', contextLoader: ctx.contextLoader }));

/** Queues an activity for inboxes: each signed and sent by a delivery job, retried with backoff when its inbox fails. */
export async function queueDeliveries(
  db: Executor,
  ctx: Context<void>,
  senderId: string,
  inboxes: string[],
  activity: Activity,
  key?: webcrypto.JsonWebKey,
) {
  const json = await activityJson(ctx, activity);
  await enqueueJobs(
    db,
    inboxes.map((inbox) => ({
      queue: DELIVERY_QUEUE,
      payload: { senderId, inbox, activity: json, ...(key && { key }) } satisfies Delivery,
      key: `${activity.id!.href} ${inbox}`,
    })),
  );
}

/**
 * POSTs an activity to an inbox, signed with the author's RSA key (HTTP Signatures, the draft
 * every server reads), through the SSRF-safe fetcher: Fedify's own sending uses the global fetch,
 * which no address check can reach, so deliveries are made here with Fedify's signer.
 */
export async function deliver(ctx: Context<void>, db: Db, allowHosts: string[], delivery: Delivery): Promise<void> {
  const body = Buffer.from(JSON.stringify(delivery.activity));
  const unsigned = new Request(delivery.inbox, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body,
  });
  const keyId = new URL(`${ctx.getActorUri(delivery.senderId).href}#main-key`);
  const key = delivery.key ? await importJwk(delivery.key, 'private') : await signingKey(db, delivery.senderId);
  const signed = await signRequest(unsigned, key, keyId, {
    spec: 'draft-cavage-http-signatures-12',
  });
  const headers: Record<string, string> = {};
  signed.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const answer = await safePost(delivery.inbox, body, { allowHosts, headers });
  if (answer.status >= 200 && answer.status < 300) return;
  const permanent = answer.status >= 400 && answer.status < 500 && answer.status !== 429 && answer.status !== 408;
  throw new DeliveryFailed(`${delivery.inbox} answered ${answer.status}: ${answer.text.slice(0, 200)}`, permanent);
}

import type { FastifyInstance } from 'fastify';
import { isActor, type Activity } from '@fedify/fedify/vocab';
import { actorDeleteOf, createOf, deleteOf, updateOf } from './articles.ts';
import { DELIVERY_QUEUE, FANOUT_QUEUE, type BlogActivity } from './blog-activities.ts';
import { deliver, DeliveryFailed, queueDeliveries, type Delivery } from './delivery.ts';
import { FAREWELL_QUEUE, type Farewell } from './farewell.ts';
import { isOnBlockedDomain } from './domain-blocks.service.ts';
import { findReadableBlog, followerInboxes } from './federation.repository.ts';
import type { InkwellFederation } from './federation.ts';

/** Tries of a delivery before it is given up: up to about a day and a half (waits double up to an hour). */
const DELIVERY_ATTEMPTS = 40;
const FAREWELL_ATTEMPTS = 10;

/**
 * The federation's job queues. A fan-out builds the blog's activity as it is when the job
 * runs (a blog deleted or drafted since sends nothing more) and queues one delivery per follower
 * inbox (a shared inbox once per server); keys make a repeated fan-out add nothing. A delivery an
 * inbox refuses for good (4xx but 408/429) is dropped, the rest retried; one to a domain blocked
 * since it was queued is dropped unsent. A farewell (farewell.ts) is a fan-out of its own: its
 * deliveries carry the key of an account that is gone, and neither it nor they are kept once
 * given up, as dead jobs are (they name that account).
 */
export function registerDeliveryJobs(app: FastifyInstance, fed: InkwellFederation) {
  app.jobs.register<BlogActivity>({
    queue: FANOUT_QUEUE,
    async run(event) {
      const ctx = fed.context();
      let activity: Activity;
      if (event.kind === 'delete')
        activity = deleteOf(ctx, { blogId: event.blogId!, authorId: event.authorId }, new Date(event.at));
      else {
        const blog = await findReadableBlog(app.db, { id: event.id });
        if (!blog) return;
        activity =
          event.kind === 'update'
            ? updateOf(ctx, blog)
            : createOf(ctx, blog, event.kind === 'restore' ? new Date(event.at) : undefined);
      }
      await queueDeliveries(app.db, ctx, event.authorId, await followerInboxes(app.db, event.authorId), activity);
    },
  });
  app.jobs.register<Delivery>({
    queue: DELIVERY_QUEUE,
    maxAttempts: DELIVERY_ATTEMPTS,
    leaseSeconds: 120,
    async run(delivery, job) {
      if (await isOnBlockedDomain(app.db, delivery.inbox)) return;
      try {
        await deliver(fed.context(), app.db, fed.allowHosts, delivery);
      } catch (error) {
        if (delivery.key && job.attempts >= DELIVERY_ATTEMPTS)
          return void app.log.warn({ inbox: delivery.inbox, err: error }, 'a farewell was not delivered; given up');
        if (!(error instanceof DeliveryFailed) || !error.permanent) throw error;
        app.log.warn({ inbox: delivery.inbox, err: error }, 'an inbox refused a delivery; not tried again');
      }
    },
  });
  app.jobs.register<Farewell>({
    queue: FAREWELL_QUEUE,
    maxAttempts: FAREWELL_ATTEMPTS,
    async run(farewell, job) {
      try {
        await sendFarewell(app, fed, farewell);
      } catch (error) {
        if (job.attempts < FAREWELL_ATTEMPTS) throw error;
        app.log.warn({ err: error }, 'a farewell to the fediverse could not be sent out; given up');
      }
    },
  });
}

/**
 * A farewell's deliveries: a `Delete` of each of the member's blogs, then of their actor, to their
 * followers' inboxes and to those of the actors they followed (found now; one that cannot be found
 * is left out), each signed with the key the farewell carries.
 */
async function sendFarewell(app: FastifyInstance, fed: InkwellFederation, farewell: Farewell) {
  const ctx = fed.context();
  const at = new Date(farewell.at);
  const inboxes = new Set(farewell.inboxes);
  for (const actorId of farewell.following) {
    const actor = await ctx.lookupObject(actorId).catch(() => null);
    const inbox = isActor(actor) ? (actor.endpoints?.sharedInbox ?? actor.inboxId) : null;
    if (inbox) inboxes.add(inbox.href);
  }
  const activities = [
    ...farewell.blogIds.map((blogId) => deleteOf(ctx, { blogId, authorId: farewell.actor }, at)),
    actorDeleteOf(ctx, farewell.actor, at),
  ];
  for (const activity of activities)
    await queueDeliveries(app.db, ctx, farewell.actor, [...inboxes], activity, farewell.key);
}

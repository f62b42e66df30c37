import type { FastifyInstance } from 'fastify';
import type { Activity } from '@fedify/fedify/vocab';
import { createOf, deleteOf, updateOf } from './articles.ts';
import { DELIVERY_QUEUE, FANOUT_QUEUE, type BlogActivity } from './blog-activities.ts';
import { deliver, DeliveryFailed, queueDeliveries, type Delivery } from './delivery.ts';
import { isOnBlockedDomain } from './domain-blocks.service.ts';
import { findReadableBlog, followerInboxes } from './federation.repository.ts';
import type { InkwellFederation } from './federation.ts';

/**
 * The federation's two job queues. A fan-out builds the blog's activity as it is when the job
 * runs (a blog deleted or drafted since sends nothing more) and queues one delivery per follower
 * inbox (a shared inbox once per server); keys make a repeated fan-out add nothing. A delivery an
 * inbox refuses for good (4xx but 408/429) is dropped, the rest retried; one to a domain blocked
 * since it was queued is dropped unsent.
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
    // Up to about a day and a half of tries (waits double up to an hour) before a delivery is given up.
    maxAttempts: 40,
    leaseSeconds: 120,
    async run(delivery) {
      if (await isOnBlockedDomain(app.db, delivery.inbox)) return;
      try {
        await deliver(fed.context(), app.db, fed.allowHosts, delivery);
      } catch (error) {
        if (!(error instanceof DeliveryFailed) || !error.permanent) throw error;
        app.log.warn({ inbox: delivery.inbox, err: error }, 'an inbox refused a delivery; not tried again');
      }
    },
  });
}

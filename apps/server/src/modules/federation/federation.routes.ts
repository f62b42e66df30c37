import type { FastifyInstance } from 'fastify';
import { DELIVERY_QUEUE, FANOUT_QUEUE } from './blog-activities.ts';
import { FAREWELL_QUEUE } from './farewell.ts';
import { domainBlockRoutes } from './domain-blocks.routes.ts';
import type { InkwellFederation } from './federation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fediverse side of the site; null when PUBLIC_URL is unset and federation is off. */
    federation: InkwellFederation | null;
  }
}

/**
 * The fediverse's routes, only when PUBLIC_URL names the site: an actor's address must never
 * change, so without a stable public name there is no federation at all (these paths do not exist,
 * and Fedify is not even loaded). Jobs left from when it was on are let go. The admins' blocked
 * domains are there either way.
 */
export async function registerFederation(app: FastifyInstance) {
  await app.register(domainBlockRoutes);
  const publicUrl = app.config.publicUrl;
  if (!publicUrl) {
    app.decorate('federation', null);
    for (const queue of [FANOUT_QUEUE, DELIVERY_QUEUE, FAREWELL_QUEUE])
      app.jobs.register({ queue, run: async () => {} });
    return;
  }
  const [
    { createInkwellFederation },
    { registerDeliveryJobs },
    { registerActivityPages },
    { registerNodeInfo },
    { federationRoutes },
  ] = await Promise.all([
    import('./federation.ts'),
    import('./delivery-jobs.ts'),
    import('./activity-pages.ts'),
    import('./nodeinfo.ts'),
    import('./federation-endpoints.ts'),
  ]);
  const inkwell = createInkwellFederation(app.db, app.config, publicUrl, app.log, () => app.siteIdentity());
  const origin = new URL(publicUrl).origin;
  app.decorate('federation', inkwell);
  registerDeliveryJobs(app, inkwell);
  registerActivityPages(app, inkwell, origin);
  registerNodeInfo(app);
  await app.register((scope) => federationRoutes(scope, inkwell, origin));
}

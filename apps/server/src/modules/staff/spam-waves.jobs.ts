import type { FastifyInstance } from 'fastify';
import { Tags } from '../../plugins/cache-tags.ts';
import { BULK_ACTION_QUEUE, runBulkActionJob } from './spam-waves.service.ts';

/** Members a bulk action's job works through: short enough a job never nears its lease, long enough to move quickly. */
export const BULK_BATCH = 25;

/**
 * The bulk actions' job (modules/jobs): a batch of members a run, then the next batch queued. What
 * the members' blogs were withheld from is read again by anonymous readers: the cache is emptied
 * after each batch, as a request that changed them would.
 */
export function registerBulkActionJob(app: FastifyInstance) {
  app.jobs.register<{ id: string }>({
    queue: BULK_ACTION_QUEUE,
    async run({ id }) {
      await runBulkActionJob(app.db, { blogs: app.blogEvents, users: app.userEvents }, id, BULK_BATCH);
      await app.readCache.invalidate([Tags.site]);
    },
  });
}

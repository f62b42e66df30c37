import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '../db/client.ts';

/** The database a request chose for its reads: a replica's, or none (the primary). */
const chosen = new AsyncLocalStorage<Db>();

/**
 * `app.db`: the primary, but inside a request that `registerReplicaReads` sent to a replica, that
 * replica's database. Every service takes `app.db` when called, so reads follow the request without
 * any of them knowing of replicas; what runs outside a request (jobs, the scheduler, LISTEN,
 * migrations) and every request not sent to a replica get the primary.
 */
export const requestDb = (database: Database) => () => chosen.getStore() ?? database.db;

/**
 * The requests a replica may answer: anonymous ones (no Authorization header) of the routes the
 * read cache keeps, the reading calls, pages and feeds. Their answers depend only on writes that
 * invalidate the read cache, and those are the writes whose WAL position the replicas'
 * router waits for (db/replicas.ts); a write that keeps the cache (a preview link, a subscription)
 * may be missing from a replica, so the routes that read it (a preview, the signed-in calls) stay on
 * the primary. A member's own requests carry their session, so they read the primary and see their
 * writes at once.
 */
const readsFromReplica = (request: FastifyRequest) =>
  request.routeOptions.config.anonymousCache === true &&
  request.headers.authorization === undefined &&
  ['GET', 'HEAD', 'POST'].includes(request.method);

/**
 * Sends the reads of a request a replica may answer to a replica that has replayed every write it
 * must show, or else to the primary (DATABASE_REPLICA_URLS). Registered after the read cache, so a
 * cached answer costs no check; the rest of the request (handler, hooks, the page's rendering) runs
 * inside the choice.
 */
export function registerReplicaReads(app: FastifyInstance) {
  const replicas = app.database.replicas;
  if (!replicas) return;
  replicas.onAvailabilityChange(({ name, state }) => {
    if (state === 'down') app.log.warn({ replica: name }, 'read replica down: its reads go to the primary');
    else if (state === 'not replicating')
      app.log.error({ replica: name }, 'read replica is not in recovery, so it replicates nothing: never read from');
    else app.log.info({ replica: name }, 'read replica answering again');
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (!readsFromReplica(request)) return done();
    replicas.forRead().then(
      (db) => chosen.run(db, () => done()),
      // The check could not reach the primary: the request goes there, and meets the outage as any other does.
      () => done(),
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countJobs } from '../jobs/index.ts';

/** The methods a route may have; any other (a scanner's) is counted as `other`, so labels stay few. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds, from a cached read (a millisecond) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;
/**
 * The process's own numbers (CPU, memory, garbage collection, event-loop delay), prom-client's
 * defaults: one set per process, however many apps it builds (tests build many).
 */
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The app's metrics: every answer by route and status with its latency (an onResponse hook),
 * and, read when scraped, the read cache's hits and misses, the database pool's connections, the
 * read replicas' use and state, and the job queues' depth. Answers the text of a scrape.
 */
export function registerMetrics(app: FastifyInstance): () => Promise<string> {
  const registry = new Registry();
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answers given, by method, route (its pattern; "unmatched" for none) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: METHODS.has(request.method) ? request.method : 'other',
      route: request.routeOptions.url ?? 'unmatched',
    };
    requests.inc({ ...labels, status: reply.statusCode });
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  // Counted by the read cache itself: a scrape copies its totals.
  new Counter({
    name: 'inkwell_read_cache_reads_total',
    help: 'Anonymous reads of cached routes, by whether the cache answered them',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const { hits, misses } = app.readCache.stats();
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
    },
  });
  new Counter({
    name: 'inkwell_read_cache_kept_encoded_hits_total',
    help: 'Hits sent in a compressed copy the read cache kept, not compressed again for their reader',
    registers,
    collect() {
      this.reset();
      this.inc(app.readCache.stats().keptEncodedHits);
    },
  });
  new Gauge({
    name: 'inkwell_read_cache_bytes',
    help: 'Bytes of answers the read cache keeps',
    registers,
    collect() {
      this.set(app.readCache.stats().bytes);
    },
  });

  const poolUse = app.database.poolUse?.bind(app.database);
  if (poolUse) {
    new Gauge({
      name: 'inkwell_db_pool_connections',
      help: "The PostgreSQL pool's open connections, by whether they are idle or lent out",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle } = poolUse();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'in_use' }, total - idle);
      },
    });
    new Gauge({
      name: 'inkwell_db_pool_waiting',
      help: 'Queries waiting for a connection of a full pool',
      registers,
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }

  const replicas = app.database.replicas;
  if (replicas) {
    new Counter({
      name: 'inkwell_replica_reads_total',
      help: 'Requests a read replica could answer, by the database their reads went to (primary: no replica had replayed the writes they must show, or none answered)',
      labelNames: ['database'] as const,
      registers,
      collect() {
        const routed = replicas.routed();
        this.reset();
        this.inc({ database: 'replica' }, routed.replica);
        this.inc({ database: 'primary' }, routed.primary);
      },
    });
    new Gauge({
      name: 'inkwell_replica_up',
      help: 'Whether a read replica answered as a replica when last asked (0: down, or not replicating), by its host, port and database',
      labelNames: ['replica'] as const,
      registers,
      collect() {
        for (const { name, state } of replicas.health())
          this.set({ replica: name }, state === 'down' || state === 'not replicating' ? 0 : 1);
      },
    });
  }

  new Gauge({
    name: 'inkwell_jobs',
    help: 'Jobs in the queue, by queue and state (waiting, running, failed for good)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, state, jobs } of await countJobs(app.db, app.clock())) this.set({ queue, state }, jobs);
    },
  });

  return () => Registry.merge([processMetrics(), registry]).metrics();
}

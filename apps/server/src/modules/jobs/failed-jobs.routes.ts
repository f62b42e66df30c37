import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FailedJobActionBody,
  FailedJobActionResponse,
  FailedJobsBody,
  FailedJobsResponse,
  Limits,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses, notFound } from '../../http-error.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { discardFailedJob, failedJobsPage, retryFailedJob } from './jobs.repository.ts';

/**
 * The admins' failed jobs: the ones given up after their last attempt (a mail the SMTP server kept
 * refusing, a delivery to a server long gone), to run again once the cause is mended, or to let go.
 * A retried job is due at once; the worker of any instance takes it at its next look.
 */
export const failedJobRoutes: FastifyPluginAsyncZod = async (app) => {
  // Nothing here changes what an anonymous reader sees: the read cache stays.
  const admins = { preValidation: [app.requireUser, requireAdmin], config: { keepsReadCache: true } };
  const acted = (done: boolean) => {
    if (!done) throw notFound('failed_job_not_found');
    return { status: 'done' as const };
  };

  app.post(
    '/api/admin/failed-jobs',
    {
      ...admins,
      schema: {
        body: FailedJobsBody,
        response: { 200: FailedJobsResponse, ...errorResponses([...BODY_ERRORS, 401, 403]) },
      },
    },
    async (request) => {
      const { rows, total } = await failedJobsPage(app.db, request.body.page, Limits.staffPageSize);
      return {
        jobs: rows.map((job) => ({
          _id: job.id,
          queue: job.queue,
          attempts: job.attempts,
          lastError: job.lastError ?? '',
          failedAt: job.failedAt!.toISOString(),
          createdAt: job.createdAt.toISOString(),
        })),
        totalDocs: total,
      };
    },
  );

  const action = {
    body: FailedJobActionBody,
    response: { 200: FailedJobActionResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) },
  };
  app.post('/api/admin/retry-job', { ...admins, schema: action }, async (request) =>
    acted(await retryFailedJob(app.db, request.body._id, app.clock())),
  );
  app.post('/api/admin/discard-job', { ...admins, schema: action }, async (request) =>
    acted(await discardFailedJob(app.db, request.body._id)),
  );
};

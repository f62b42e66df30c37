import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportBody, ReportResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { report } from './reports.service.ts';

/**
 * A reader's report to the staff. A silenced member still reads, so may report what they read
 * (requireUser, not requireActiveUser); a report changes nothing anyone reads, so the read cache stays.
 * The staff's side (the queue, dismissing) is among the staff's calls.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report',
    {
      preValidation: app.requireUser,
      schema: {
        body: ReportBody,
        response: { 200: ReportResponse, ...errorResponses([...BODY_ERRORS, 401, 404, 409, 429]) },
      },
      config: { rateLimits: ['report'], keepsReadCache: true },
    },
    async (request) => report(app.db, signedInUser(request).id, request.body),
  );
};

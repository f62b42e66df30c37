import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthorStatsBody, AuthorStatsResponse, SiteStatsResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { requireAdmin, signedInUser } from '../../plugins/auth.ts';
import { authorStats, siteStats } from './statistics.service.ts';

/** Numbers over time: the site's for its admins, and each author's own. Neither changes anything. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/site-stats',
    {
      preValidation: [app.requireUser, requireAdmin],
      schema: { response: { 200: SiteStatsResponse, ...errorResponses([401, 403]) } },
    },
    async () => siteStats(app.db, app.clock()),
  );

  // A silenced member still reads their own numbers: they put nothing before others.
  app.post(
    '/api/dashboard/stats',
    {
      preValidation: app.requireUser,
      schema: {
        body: AuthorStatsBody,
        response: { 200: AuthorStatsResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => authorStats(app.db, signedInUser(request).id, request.body, app.clock()),
  );
};

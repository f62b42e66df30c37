import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defenceOn, HealthResponse, PublicConfig, SiteHealthResponse } from '@inkwell/contracts';
import { errorBody, errorResponses } from '../../http-error.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { readSiteSettings } from '../site/index.ts';
import { siteHealth } from './site-health.ts';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthResponse, ...errorResponses([]) } } },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send(errorBody('database_not_answering'));
      }
    },
  );

  app.get(
    '/api/admin/health',
    {
      preValidation: [app.requireUser, requireAdmin],
      schema: { response: { 200: SiteHealthResponse, ...errorResponses([401, 403]) } },
    },
    async () => siteHealth(app),
  );

  // Who may join and whether a proof of work is asked are site settings: a change of them is a
  // write, which empties the read cache with the rest.
  app.get('/api/config', { schema: { response: { 200: PublicConfig } } }, async () => {
    const { clientId, scriptUrl } = app.config.google;
    const settings = await readSiteSettings(app.db);
    const site = {
      registration: settings.registration,
      proofOfWork: defenceOn(settings, 'proofOfWork', app.mailer.canMail),
    };
    return clientId
      ? { googleClientId: clientId, googleScriptUrl: scriptUrl, ...site }
      : { googleClientId: null, ...site };
  });
};

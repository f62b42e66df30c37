import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AltchaChallenge } from '@inkwell/contracts';
import { errorResponses } from '../../http-error.ts';
import { newChallenge } from './proof-of-work.service.ts';

/** The challenges to solve where the site asks for a proof of work (proof-of-work.service.ts). */
export const proofOfWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/altcha/challenge',
    {
      schema: { response: { 200: AltchaChallenge, ...errorResponses([429]) } },
      config: { rateLimits: ['challengePerIp'] },
    },
    async (_request, reply) => {
      // Each challenge is spent by one answer: no cache may hand it to anyone else.
      reply.header('cache-control', 'no-store');
      return newChallenge({ db: app.db, config: app.config });
    },
  );
};

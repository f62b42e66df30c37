import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { avatarSvg } from './avatars.ts';

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    params: z.object({ seed: z.string() }),
    response: {
      200: nonJsonResponse('The picture drawn from the seed (`.svg` at the end is left out of it)', 'image/svg+xml'),
    },
  };
  app.get('/api/avatar/:seed', { schema }, async (request, reply) => {
    const seed = request.params.seed.replace(/\.svg$/, '').slice(0, 100);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(avatarSvg(seed));
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { avatarSvg } from './avatars.ts';
import { avatarPng } from './raster-avatars.ts';

/** Drawn from the seed alone, so the picture at an address never changes. */
const FOREVER = 'public, max-age=31536000, immutable';

export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    params: z.object({ seed: z.string() }),
    response: {
      200: nonJsonResponse(
        'The picture drawn from the seed: PNG when the address ends in `.png`, else SVG (`.svg` at the end is left out of the seed)',
        'image/svg+xml',
        'image/png',
      ),
    },
  };
  app.get('/api/avatar/:seed', { schema }, async (request, reply) => {
    const { seed } = request.params;
    reply.header('cache-control', FOREVER);
    if (seed.endsWith('.png')) return reply.type('image/png').send(await avatarPng(seed.slice(0, -4).slice(0, 100)));
    return reply.type('image/svg+xml').send(avatarSvg(seed.replace(/\.svg$/, '').slice(0, 100)));
  });
};

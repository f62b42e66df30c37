import type { FastifyInstance } from 'fastify';
import { avatarSvg } from './avatars.ts';

export async function avatarRoutes(app: FastifyInstance) {
  app.get<{ Params: { seed: string } }>('/api/avatar/:seed', async (request, reply) => {
    const seed = request.params.seed.replace(/\.svg$/, '').slice(0, 100);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(avatarSvg(seed));
  });
}

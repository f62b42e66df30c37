import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { register } from 'prom-client';
import { errorResponses, unauthorized } from '../../http-error.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { registerMetrics } from './metrics.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * From this machine itself: a loopback peer that forwards no one's request. A reverse proxy on the
 * same machine is a loopback peer too, and the forwarding headers it adds are what tell its
 * visitors apart (a proxy that adds none must not pass /metrics on).
 */
const fromThisMachine = (request: FastifyRequest) =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared in constant time, so the token cannot be guessed a character at a time. */
const holdsToken = (request: FastifyRequest, token: string | undefined) =>
  token !== undefined && timingSafeEqual(digest(request.headers.authorization ?? ''), digest(`Bearer ${token}`));

/** `GET /metrics`: the Prometheus text format, for a scraper on this machine or one holding METRICS_TOKEN. */
export async function metricsRoutes(app: FastifyInstance) {
  const scrape = registerMetrics(app);
  app.get(
    '/metrics',
    {
      schema: {
        response: {
          200: nonJsonResponse('The metrics, in the Prometheus text format', register.contentType),
          ...errorResponses([401]),
        },
      },
    },
    async (request, reply) => {
      if (!fromThisMachine(request) && !holdsToken(request, app.config.metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        throw unauthorized('metrics_unauthorized');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(register.contentType)
        .send(await scrape());
    },
  );
}

import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Front ends served from the origins of CORS_ORIGINS may call every path (API, `POST /notifications`,
 * the notification stream, images). Sessions are bearer tokens, so no credentials are allowed. The
 * preflight is answered in the first onRequest hook, before any body parsing, 415 or not-found
 * answer; an origin not in the list gets no CORS headers and its preflight the usual 404. Without
 * CORS_ORIGINS nothing is registered: same origin only.
 */
export async function registerCors(app: FastifyInstance) {
  const allowed = new Set(app.config.corsOrigins);
  if (allowed.size === 0) return;
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // A client reads when to retry a 429 (rate limits, the stream's limit).
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
    // An OPTIONS without Access-Control-Request-Method would get a text/plain 400 instead of our JSON.
    strictPreflight: false,
  });
}

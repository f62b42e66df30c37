import fp from 'fastify-plugin';
import { metricsRoutes } from './metrics.routes.ts';

/**
 * `GET /metrics` for Prometheus: `metricsModule` counts every answer (its hook sees every route, so
 * it is registered as the app's own, with fastify-plugin) and serves the scrape.
 */
export const metricsModule = fp(metricsRoutes, { name: 'metrics' });

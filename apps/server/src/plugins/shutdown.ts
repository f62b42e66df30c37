import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http-error.ts';

/**
 * A stop (app.close on SIGTERM) is bounded: requests in flight get SHUTDOWN_SECONDS to finish,
 * then every connection is closed, so no silent or slow client can hold the process. A request
 * arriving meanwhile (on a kept-alive connection) is refused in our shape, to be retried elsewhere.
 */
export function registerShutdown(app: FastifyInstance) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
    setTimeout(() => app.server.closeAllConnections(), app.config.shutdownSeconds * 1000).unref();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (stopping)
      return reply
        .code(503)
        .header('retry-after', '5')
        .header('connection', 'close')
        .send(errorBody('server_restarting'));
  });
}

import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationStreamEvent } from '@inkwell/contracts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { errorResponses, HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { NOTIFICATION_CHANNEL, newNotificationAvailable } from './notifications.service.ts';

type Stream = PassThrough;

/**
 * Open streams one user may hold on an instance: a tab each is plenty. Each costs a socket and a
 * session check per heartbeat, so one account must not open thousands; the web app retries a
 * refusal with its backoff.
 */
export const STREAMS_PER_USER = 20;

const event = (data: NotificationStreamEvent) => `event: notification\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * `GET /api/notification/stream` (A): server-sent events telling the signed-in user that a
 * notification arrived. Every instance LISTENs on one channel and writes to its own clients,
 * so instances behind a load balancer need nothing but the shared database.
 */
export const notificationStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const streams = new Map<string, Set<Stream>>();
  const heartbeatMs = app.config.streamHeartbeatSeconds * 1000;

  /**
   * After the listening connection to PostgreSQL was replaced (an outage, a failover), whatever was
   * notified in between is in the data only: every open stream is told the state now.
   */
  async function catchUp() {
    for (const userId of streams.keys()) {
      try {
        const state = await newNotificationAvailable(app.db, userId);
        for (const stream of streams.get(userId) ?? []) stream.write(event(state));
      } catch (error) {
        app.log.warn({ err: error }, 'a notification stream could not be told what it missed');
      }
    }
  }
  const unlisten = await app.database.listen(
    NOTIFICATION_CHANNEL,
    (userId) => {
      for (const stream of streams.get(userId) ?? []) stream.write(event({ new_notification_available: true }));
    },
    () => void catchUp(),
  );
  // Open streams are requests that never finish: end them first, or closing would wait for ever.
  app.addHook('preClose', async () => {
    for (const set of streams.values()) for (const stream of set) stream.end();
  });
  app.addHook('onClose', async () => unlisten());

  function add(userId: string, stream: Stream) {
    const set = streams.get(userId) ?? new Set();
    set.add(stream);
    streams.set(userId, set);
  }
  function remove(userId: string, stream: Stream) {
    const set = streams.get(userId);
    set?.delete(stream);
    if (set?.size === 0) streams.delete(userId);
  }

  const response = {
    200: nonJsonResponse(
      'Server-sent `notification` events whose data is a NotificationStreamEvent (the first says how often heartbeats come), and heartbeats',
      'text/event-stream',
    ),
    ...errorResponses([401, 429]),
  };
  app.get(
    '/api/notification/stream',
    { preValidation: app.requireUser, schema: { response } },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      if ((streams.get(userId)?.size ?? 0) >= STREAMS_PER_USER) {
        throw new HttpError(429, 'too_many_streams', {
          'retry-after': String(Math.ceil(app.config.streamHeartbeatSeconds)),
        });
      }
      const stream = new PassThrough();
      // Subscribed before the current state is read, so nothing created in between is missed.
      add(userId, stream);
      // Each heartbeat checks the session again: a revoked or expired token ends the stream. A check
      // that could not be made (the database is briefly unreachable) does not: the stream goes on.
      const beat = async () => {
        try {
          await app.requireUser(request);
        } catch (error) {
          if (error instanceof HttpError) return stream.end();
          // An outage would log a line per stream and heartbeat; the requests it fails say so already.
          if (!isDatabaseUnavailable(error))
            request.log.error({ err: error }, 'the session of a notification stream could not be checked');
        }
        stream.write(': heartbeat\n\n');
      };
      const heartbeat = setInterval(() => void beat(), heartbeatMs);
      stream.on('close', () => {
        clearInterval(heartbeat);
        remove(userId, stream);
      });
      reply.raw.on('close', () => stream.destroy());

      const state = await newNotificationAvailable(app.db, userId);
      stream.write(event({ ...state, heartbeat_seconds: app.config.streamHeartbeatSeconds }));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // Not kept alive afterwards: a stream ended at shutdown must leave no connection for close() to wait on.
          .header('connection', 'close')
          .send(stream)
      );
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { NotificationsBody, NotificationsCountBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { notificationStreamRoutes } from './notification-stream.ts';
import { countOwnNotifications, listOwnNotifications, newNotificationAvailable } from './notifications.service.ts';

export async function notificationRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser };

  app.get('/api/notification/new-notification', signedIn, async (request) => newNotificationAvailable(app.db, request.user!.id));

  // SPEC §7 names this one without the /api prefix.
  app.post('/notifications', { ...signedIn, config: { keepsReadCache: true } }, async (request) =>
    listOwnNotifications(app.db, request.user!.id, parse(NotificationsBody, request.body)),
  );

  app.post('/api/notification/all-notifications-count', { ...signedIn, config: { keepsReadCache: true } }, async (request) =>
    countOwnNotifications(app.db, request.user!.id, parse(NotificationsCountBody, request.body)),
  );

  await app.register(notificationStreamRoutes);
}

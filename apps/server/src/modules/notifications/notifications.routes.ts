import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountResponse,
  NewNotificationResponse,
  NotificationsBody,
  NotificationsCountBody,
  NotificationsResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { notificationStreamRoutes } from './notification-stream.ts';
import { countOwnNotifications, listOwnNotifications, newNotificationAvailable } from './notifications.service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.requireUser };

  app.get(
    '/api/notification/new-notification',
    { ...signedIn, schema: { response: { 200: NewNotificationResponse, ...errorResponses([401]) } } },
    async (request) => newNotificationAvailable(app.db, signedInUser(request).id),
  );

  // docs/api.md names this one without the /api prefix.
  app.post(
    '/notifications',
    {
      ...signedIn,
      schema: {
        body: NotificationsBody,
        response: { 200: NotificationsResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => listOwnNotifications(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/notification/all-notifications-count',
    {
      ...signedIn,
      schema: {
        body: NotificationsCountBody,
        response: { 200: CountResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => countOwnNotifications(app.db, signedInUser(request).id, request.body),
  );

  await app.register(notificationStreamRoutes);
};

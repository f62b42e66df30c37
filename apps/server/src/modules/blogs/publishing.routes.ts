import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublishingDoneResponse, PublishNowBody, ScheduleBlogBody } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { publishNow, scheduleBlog } from './scheduled-publishing.ts';

/** The author's scheduling of a draft, and publishing it now (scheduled-publishing.ts). */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const authorOnly = { preValidation: app.requireActiveUser };
  const done = { 200: PublishingDoneResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) };

  app.post(
    '/api/blog/schedule',
    { ...authorOnly, schema: { body: ScheduleBlogBody, response: done } },
    async (request) => scheduleBlog(app.db, signedInUser(request).id, request.body, app.clock()),
  );

  app.post(
    '/api/blog/publish-now',
    { ...authorOnly, schema: { body: PublishNowBody, response: done } },
    async (request) => publishNow(app.db, app.blogEvents, signedInUser(request).id, request.body, app.clock()),
  );
};

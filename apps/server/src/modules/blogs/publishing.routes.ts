import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublishingDoneResponse, PublishNowBody, ScheduleBlogBody } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { assertVerified, signedInUser } from '../../plugins/auth.ts';
import { publishNow, scheduleBlog } from './scheduled-publishing.ts';

/**
 * The author's scheduling of a draft, and publishing it now (scheduled-publishing.ts): what puts a
 * blog before readers waits for a confirmed address where the site asks for one; taking a
 * schedule back (publishAt null) does not.
 */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const done = { 200: PublishingDoneResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) };

  app.post(
    '/api/blog/schedule',
    {
      preValidation: app.requireActiveUser,
      schema: { body: ScheduleBlogBody, response: done },
      config: { namesItsChanges: true },
    },
    async (request) => {
      if (request.body.publishAt !== null) assertVerified(signedInUser(request));
      return scheduleBlog(app.db, signedInUser(request).id, request.body, app.clock());
    },
  );

  app.post(
    '/api/blog/publish-now',
    {
      preValidation: app.requireVerifiedUser,
      schema: { body: PublishNowBody, response: done },
      config: { namesItsChanges: true },
    },
    async (request) => publishNow(app.db, app.blogEvents, signedInUser(request).id, request.body, app.clock()),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountResponse,
  UserWrittenBlogsBody,
  UserWrittenBlogsCountBody,
  UserWrittenBlogsResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { countOwnBlogs, listOwnBlogs } from './dashboard.service.ts';

/** The signed-in author's own blogs: the dashboard's lists and counts (a delete is the blogs module's). */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { preValidation: app.requireUser };

  app.post(
    '/api/blog/user-written-blogs',
    {
      ...signedIn,
      schema: {
        body: UserWrittenBlogsBody,
        response: { 200: UserWrittenBlogsResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => listOwnBlogs(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/blog/user-written-blogs-count',
    {
      ...signedIn,
      schema: {
        body: UserWrittenBlogsCountBody,
        response: { 200: CountResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => countOwnBlogs(app.db, signedInUser(request).id, request.body),
  );
};

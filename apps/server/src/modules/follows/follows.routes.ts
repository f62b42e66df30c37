import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FollowBody, FollowResponse, IsFollowingBody, IsFollowingResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { followUser, isFollowing } from './follows.service.ts';

/** Readers following authors, in the manner of like-blog and isliked-by-user. */
export const followRoutes: FastifyPluginAsyncZod = async (app) => {
  // A visitor is told to log in in the same words as the web app, as for a like.
  const signedInToFollow = app.requireUserSaying('follow_unauthorized', 'active');

  app.post(
    '/api/user/follow',
    {
      preValidation: signedInToFollow,
      schema: {
        body: FollowBody,
        response: { 200: FollowResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 429]) },
      },
      config: { rateLimits: ['follow'], namesItsChanges: true },
    },
    async (request) => followUser(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/is-following',
    {
      preValidation: app.requireUser,
      schema: {
        body: IsFollowingBody,
        response: { 200: IsFollowingResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => isFollowing(app.db, signedInUser(request).id, request.body.username),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IsLikedByUserBody, IsLikedByUserResponse, LikeBlogBody, LikeBlogResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { isLikedByUser, likeBlog } from './likes.service.ts';

export const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  // docs/product/rules.md: liking needs a login, and the server says so in the same words as the web app.
  const signedInToLike = app.requireUserSaying('like_unauthorized', 'active');

  app.post(
    '/api/blog/like-blog',
    {
      preValidation: signedInToLike,
      schema: {
        body: LikeBlogBody,
        response: { 200: LikeBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 429]) },
      },
      config: { rateLimits: ['like'], namesItsChanges: true },
    },
    async (request) => likeBlog(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/isliked-by-user',
    {
      preValidation: app.requireUser,
      schema: {
        body: IsLikedByUserBody,
        response: { 200: IsLikedByUserResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => isLikedByUser(app.db, signedInUser(request).id, request.body._id),
  );
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IsLikedByUserBody, LikeBlogBody, Messages } from '@inkwell/contracts';
import { parse, unauthorized } from '../../http-error.ts';
import { isLikedByUser, likeBlog } from './likes.service.ts';

export async function likeRoutes(app: FastifyInstance) {
  // SPEC §5: liking needs a login, and the server says so in the same words as the web app.
  const signedInToLike = async (request: FastifyRequest) => {
    await app.optionalUser(request);
    if (!request.user) throw unauthorized(Messages.loginToLike);
  };

  app.post('/api/blog/like-blog', { preHandler: signedInToLike }, async (request) =>
    likeBlog(app.db, request.user!.id, parse(LikeBlogBody, request.body)),
  );

  app.post('/api/user/isliked-by-user', { preHandler: app.requireUser }, async (request) =>
    isLikedByUser(app.db, request.user!.id, parse(IsLikedByUserBody, request.body)._id),
  );
}

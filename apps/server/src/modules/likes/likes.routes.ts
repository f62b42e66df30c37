import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IsLikedByUserBody, LikeBlogBody, Messages } from '@inkwell/contracts';
import { parse, unauthorized } from '../../http-error.ts';
import { enforceRateLimits } from '../rate-limits/rate-limits.service.ts';
import { isLikedByUser, likeBlog } from './likes.service.ts';

/** Per user: far more than anyone clicks a heart, too few to churn counters and notifications. */
const LIKES_PER_MINUTE = 30;

export async function likeRoutes(app: FastifyInstance) {
  // SPEC §5: liking needs a login, and the server says so in the same words as the web app.
  const signedInToLike = async (request: FastifyRequest) => {
    await app.optionalUser(request);
    if (!request.user) throw unauthorized(Messages.loginToLike);
  };

  app.post('/api/blog/like-blog', { preHandler: signedInToLike }, async (request) => {
    const body = parse(LikeBlogBody, request.body);
    await enforceRateLimits(app, [{ key: `like:user:${request.user!.id}`, limit: LIKES_PER_MINUTE, windowSeconds: 60 }], 'Too many likes');
    return likeBlog(app.db, request.user!.id, body);
  });

  app.post('/api/user/isliked-by-user', { preHandler: app.requireUser, config: { keepsReadCache: true } }, async (request) =>
    isLikedByUser(app.db, request.user!.id, parse(IsLikedByUserBody, request.body)._id),
  );
}

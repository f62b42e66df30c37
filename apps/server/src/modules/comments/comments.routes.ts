import type { FastifyInstance } from 'fastify';
import { AddCommentBody, CommentMessages, DeleteCommentBody, GetBlogCommentsBody, GetRepliesBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { enforceRateLimits } from '../rate-limits/rate-limits.service.ts';
import { addComment, deleteComment, getBlogComments, getReplies } from './comments.service.ts';

/** Per user: enough for a lively conversation, too few for a flood. */
const COMMENTS_PER_MINUTE = 10;

export async function commentRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser };

  app.post('/api/comment/add-comment', signedIn, async (request) => {
    const body = parse(AddCommentBody, request.body);
    await enforceRateLimits(
      app,
      [{ key: `comment:user:${request.user!.id}`, limit: COMMENTS_PER_MINUTE, windowSeconds: 60 }],
      CommentMessages.tooManyComments,
    );
    return addComment(app.db, request.user!, body);
  });

  // Each comment says what the caller may do to it, so a signed-in caller's answer is their own (and not cached).
  const viewer = { preHandler: app.optionalUser, config: { anonymousCache: true } };

  app.post('/api/comment/get-blog-comments', viewer, async (request) =>
    getBlogComments(app.db, parse(GetBlogCommentsBody, request.body), request.user?.id ?? null),
  );

  app.post('/api/comment/get-replies', viewer, async (request) => getReplies(app.db, parse(GetRepliesBody, request.body), request.user?.id ?? null));

  app.post('/api/comment/delete-comment', signedIn, async (request) =>
    deleteComment(app.db, request.user!.id, parse(DeleteCommentBody, request.body)._id),
  );
}

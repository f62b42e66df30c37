import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddCommentBody,
  BlogCommentsResponse,
  Comment,
  DeleteCommentBody,
  DeleteCommentResponse,
  GetBlogCommentsBody,
  GetRepliesBody,
  RepliesResponse,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { addComment, deleteComment, getBlogComments, getReplies } from './comments.service.ts';

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/comment/add-comment',
    {
      preValidation: app.requireVerifiedUser,
      schema: {
        body: AddCommentBody,
        response: { 200: Comment, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 429]) },
      },
      config: { rateLimits: ['comment'], namesItsChanges: true },
    },
    async (request) => addComment(app.db, signedInUser(request), request.body),
  );

  // Each comment says what the caller may do to it, so a signed-in caller's answer is their own (and not cached).
  app.post(
    '/api/comment/get-blog-comments',
    {
      preValidation: app.optionalUser,
      schema: {
        body: GetBlogCommentsBody,
        response: { 200: BlogCommentsResponse, ...errorResponses([...BODY_ERRORS, 404]) },
      },
      config: { anonymousCache: true },
    },
    async (request) => getBlogComments(app.db, request.body, request.user?.id ?? null),
  );

  app.post(
    '/api/comment/get-replies',
    {
      preValidation: app.optionalUser,
      schema: { body: GetRepliesBody, response: { 200: RepliesResponse, ...errorResponses([...BODY_ERRORS, 404]) } },
      config: { anonymousCache: true },
    },
    async (request) => getReplies(app.db, request.body, request.user?.id ?? null),
  );

  app.post(
    '/api/comment/delete-comment',
    {
      preValidation: app.requireUser,
      schema: {
        body: DeleteCommentBody,
        response: { 200: DeleteCommentResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) },
      },
      config: { namesItsChanges: true },
    },
    async (request) => deleteComment(app.db, signedInUser(request).id, request.body._id),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlogCanBody,
  BlogCanResponse,
  CreateBlogBody,
  CreateBlogResponse,
  DeleteBlogBody,
  DeleteBlogResponse,
  GetBlogBody,
  GetBlogResponse,
  ReadBlogBody,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { assertActive, assertVerified, signedInUser } from '../../plugins/auth.ts';
import { blogPageTags } from './blog-page-tags.ts';
import { answerGetBlog, deleteBlog, getBlogCan, saveBlog } from './blogs.service.ts';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/blog/create-blog',
    {
      preValidation: app.requireActiveUser,
      schema: {
        body: CreateBlogBody,
        response: { 200: CreateBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 409]) },
      },
      config: { namesItsChanges: true },
    },
    async (request) => {
      // Publishing (now or at a time) waits for a confirmed address where the site asks for one; a draft never does.
      if (!request.body.draft) assertVerified(signedInUser(request));
      const saved = await saveBlog(app.db, app.blogEvents, signedInUser(request).id, request.body, app.clock());
      return { id: saved.id, updatedAt: saved.updatedAt.toISOString(), awaiting_review: saved.awaitingReview };
    },
  );

  // Reads are counted once answered, from the cache or not.
  app.post(
    '/api/blog/get-blog',
    {
      preValidation: app.optionalUser,
      ...app.readCounts.hooks,
      schema: { body: GetBlogBody, response: { 200: GetBlogResponse, ...errorResponses([...BODY_ERRORS, 403, 404]) } },
      config: { anonymousCache: true },
    },
    async (request) => {
      // The editor opens a blog in edit mode: a silenced member has nothing to save.
      if (request.body.mode === 'edit' && request.user) assertActive(request.user);
      return answerGetBlog(app.db, request.body, request.user?.id ?? null);
    },
  );

  // What the caller may do to the blog: a server-rendered blog page, signed in, asks it after hydration.
  app.post(
    '/api/blog/can',
    {
      preValidation: app.optionalUser,
      schema: { body: BlogCanBody, response: { 200: BlogCanResponse, ...errorResponses([...BODY_ERRORS, 404]) } },
      config: { keepsReadCache: true },
    },
    async (request) => getBlogCan(app.db, request.body, request.user?.id ?? null),
  );

  // A server-rendered blog page read in the browser: counted like get-blog's reads, answering nothing.
  app.post(
    '/api/blog/read',
    {
      preValidation: app.optionalUser,
      ...app.readCounts.hooks,
      schema: {
        body: ReadBlogBody,
        response: { 204: z.null().describe('Counted (once the answer has left)'), ...errorResponses(BODY_ERRORS) },
      },
      config: { keepsReadCache: true },
    },
    async (_request, reply) => reply.status(204).send(null),
  );

  // Only the author deletes a blog; the dashboard lists their blogs with a Delete.
  app.post(
    '/api/blog/delete-blog',
    {
      preValidation: app.requireUser,
      schema: {
        body: DeleteBlogBody,
        response: { 200: DeleteBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) },
      },
      config: { namesItsChanges: true },
    },
    async (request) => deleteBlog(app.db, app.blogEvents, signedInUser(request).id, request.body.blog_id),
  );

  app.pageTagResolvers.push(blogPageTags(app));
};

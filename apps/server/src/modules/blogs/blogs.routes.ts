import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { CreateBlogBody, CreateBlogResponse, GetBlogBody, GetBlogResponse, ReadBlogBody } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { getBlog, saveBlog } from './blogs.service.ts';

/** get-blog's answer (SPEC §7), for the API and for the server-rendered blog page alike; it counts no read. */
export const answerGetBlog = async (db: Db, body: GetBlogBody, userId: string | null) => ({ blog: await getBlog(db, body, userId) });

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/blog/create-blog',
    { preValidation: app.requireUser, schema: { body: CreateBlogBody, response: { 200: CreateBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) } } },
    async (request) => ({ id: await saveBlog(app.db, signedInUser(request).id, request.body) }),
  );

  // Reads are counted once answered, from the cache or not.
  app.post(
    '/api/blog/get-blog',
    {
      preValidation: app.optionalUser,
      onResponse: app.readCounts.countRead,
      schema: { body: GetBlogBody, response: { 200: GetBlogResponse, ...errorResponses([...BODY_ERRORS, 404]) } },
      config: { anonymousCache: true },
    },
    async (request) => answerGetBlog(app.db, request.body, request.user?.id ?? null),
  );

  // A server-rendered blog page read in the browser: counted like get-blog's reads, answering nothing.
  app.post(
    '/api/blog/read',
    {
      preValidation: app.optionalUser,
      onResponse: app.readCounts.countRead,
      schema: { body: ReadBlogBody, response: { 204: z.null().describe('Counted (once the answer has left)'), ...errorResponses(BODY_ERRORS) } },
      config: { keepsReadCache: true },
    },
    async (_request, reply) => reply.status(204).send(null),
  );
};

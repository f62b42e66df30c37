import type { FastifyInstance } from 'fastify';
import { BlogCanBody, CreateBlogBody, ReadBlogBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { answerGetBlog, getBlogCan, saveBlog } from './blogs.service.ts';

export async function blogRoutes(app: FastifyInstance) {
  app.post('/api/blog/create-blog', { preHandler: app.requireUser }, async (request) => ({
    id: await saveBlog(app.db, request.user!.id, parse(CreateBlogBody, request.body)),
  }));

  // Reads are counted once answered, from the cache or not.
  app.post('/api/blog/get-blog', { preHandler: app.optionalUser, onResponse: app.readCounts.countRead, config: { anonymousCache: true } }, async (request) =>
    answerGetBlog(app.db, request.body, request.user?.id ?? null),
  );

  // What the caller may do to the blog: a server-rendered blog page, signed in, asks it after hydration.
  app.post('/api/blog/can', { preHandler: app.optionalUser, config: { keepsReadCache: true } }, async (request) =>
    getBlogCan(app.db, parse(BlogCanBody, request.body), request.user?.id ?? null),
  );

  // A server-rendered blog page read in the browser: counted like get-blog's reads, answering nothing.
  app.post('/api/blog/read', { preHandler: app.optionalUser, onResponse: app.readCounts.countRead, config: { keepsReadCache: true } }, async (request, reply) => {
    parse(ReadBlogBody, request.body);
    return reply.status(204).send();
  });
}

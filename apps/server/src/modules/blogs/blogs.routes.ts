import type { FastifyInstance } from 'fastify';
import { CreateBlogBody, GetBlogBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { getBlog, saveBlog } from './blogs.service.ts';

export async function blogRoutes(app: FastifyInstance) {
  app.post('/api/blog/create-blog', { preHandler: app.requireUser }, async (request) => ({
    id: await saveBlog(app.db, request.user!.id, parse(CreateBlogBody, request.body)),
  }));

  // Reads are counted once answered, from the cache or not.
  app.post('/api/blog/get-blog', { preHandler: app.optionalUser, onResponse: app.readCounts.countRead, config: { anonymousCache: true } }, async (request) => ({
    blog: await getBlog(app.db, parse(GetBlogBody, request.body), request.user?.id ?? null),
  }));
}

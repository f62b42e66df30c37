import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CreateBlogBody, GetBlogBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { getBlog, saveBlog, type Reader } from './blogs.service.ts';

/** get-blog's answer (SPEC §7), for the API and for the server-rendered blog page alike. */
export const answerGetBlog = async (db: Db, body: unknown, reader: Reader) => ({ blog: await getBlog(db, parse(GetBlogBody, body), reader) });

export async function blogRoutes(app: FastifyInstance) {
  app.post('/api/blog/create-blog', { preHandler: app.requireUser }, async (request) => ({
    id: await saveBlog(app.db, request.user!.id, parse(CreateBlogBody, request.body)),
  }));

  app.post('/api/blog/get-blog', { preHandler: app.optionalUser }, async (request) =>
    answerGetBlog(app.db, request.body, { userId: request.user?.id ?? null, ip: request.ip }),
  );
}

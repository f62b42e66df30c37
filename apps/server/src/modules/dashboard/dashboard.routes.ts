import type { FastifyInstance } from 'fastify';
import { DeleteBlogBody, UserWrittenBlogsBody, UserWrittenBlogsCountBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { countOwnBlogs, deleteOwnBlog, listOwnBlogs } from './dashboard.service.ts';

/** The signed-in author's own blogs: the dashboard's lists, counts and delete. */
export async function dashboardRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser };

  app.post('/api/blog/user-written-blogs', { ...signedIn, config: { keepsReadCache: true } }, async (request) =>
    listOwnBlogs(app.db, request.user!.id, parse(UserWrittenBlogsBody, request.body)),
  );

  app.post('/api/blog/user-written-blogs-count', { ...signedIn, config: { keepsReadCache: true } }, async (request) =>
    countOwnBlogs(app.db, request.user!.id, parse(UserWrittenBlogsCountBody, request.body)),
  );

  app.post('/api/blog/delete-blog', signedIn, async (request) =>
    deleteOwnBlog(app.db, request.user!.id, parse(DeleteBlogBody, request.body).blog_id),
  );
}

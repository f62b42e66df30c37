import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Blog, Comment } from '@inkwell/contracts';
import { queryRows } from '../db/query-rows.ts';
import { blogs } from '../db/schema/index.ts';
import { post, type TestUser } from './factories.ts';

/** The blog as its page loads it (its `_id` is what add-comment takes). */
export async function fetchBlog(app: FastifyInstance, blogId: string, reader?: TestUser): Promise<Blog> {
  const res = await post(app, '/api/blog/get-blog', { blog_id: blogId }, reader?.token);
  if (res.statusCode !== 200) throw new Error(`get-blog failed: ${res.statusCode} ${res.body}`);
  return res.json<{ blog: Blog }>().blog;
}

/** Comments (or replies, with `replying_to`) through the API as `user`; answers the comment. */
export async function buildComment(
  app: FastifyInstance,
  user: TestUser,
  blog: Pick<Blog, '_id'>,
  overrides: Record<string, unknown> = {},
): Promise<Comment> {
  const res = await post(
    app,
    '/api/comment/add-comment',
    { _id: blog._id, comment: 'Lovely read.', ...overrides },
    user.token,
  );
  if (res.statusCode !== 200) throw new Error(`add-comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

/** A blog's comment counters beside the rows they count. */
export async function commentCounts(app: FastifyInstance, blogUuid: string) {
  const [blog] = await app.db
    .select({ total: blogs.totalComments, parents: blogs.totalParentComments })
    .from(blogs)
    .where(eq(blogs.id, blogUuid));
  const [rows] = await queryRows<{ total: number; parents: number }>(
    app.db,
    sql`select count(*)::int as total, (count(*) filter (where parent_id is null))::int as parents from comments where blog_id = ${blogUuid}`,
  );
  return {
    counters: { total: blog!.total, parents: blog!.parents },
    rows: { total: Number(rows!.total), parents: Number(rows!.parents) },
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageTags } from '../web/web.routes.ts';
import { absoluteUrl, pageParam, siteOrigin } from '../web/page-urls.ts';
import { findPublishedBlogCard } from './blog-lists.repository.ts';

/** Share tags of /blog/{blog_id}: only for a published blog, so a draft's title never leaks. */
export async function blogPageTags(app: FastifyInstance, request: FastifyRequest): Promise<PageTags | null> {
  const blogId = pageParam(request.url, 'blog');
  if (!blogId) return null;
  const blog = await findPublishedBlogCard(app.db, blogId);
  if (!blog) return null;
  const origin = siteOrigin(app, request);
  return {
    title: blog.title,
    description: blog.des,
    image: blog.banner ? absoluteUrl(origin, blog.banner) : undefined,
    url: absoluteUrl(origin, `/blog/${encodeURIComponent(blog.blogId)}`),
  };
}

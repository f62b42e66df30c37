import type { FastifyInstance } from 'fastify';
import { pageTagsResolver } from '../web/page-urls.ts';
import { findPublishedBlogCard } from './blog-lists.repository.ts';

/** Share tags of /blog/{blog_id}: only for a published blog; a draft is no page to the public (404), and its title never leaks. */
export const blogPageTags = (app: FastifyInstance) =>
  pageTagsResolver(
    app,
    'blog',
    (blogId) => findPublishedBlogCard(app.db, blogId),
    (blog, absolute) => ({
      title: blog.title,
      description: blog.des,
      image: blog.banner ? absolute(blog.banner) : undefined,
      url: absolute(`/blog/${encodeURIComponent(blog.blogId)}`),
    }),
  );

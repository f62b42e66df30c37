import { queryOptions } from '@tanstack/react-query';
import { Limits, type Blog } from '@inkwell/contracts';
import { blogListsKey, searchBlogs } from '../../../lib/blog-lists.ts';

/** What every blog's similar blogs are keyed under. */
export const similarBlogsKey = [...blogListsKey, 'similar'] as const;

/** docs/product/screens.md: up to 6 other published blogs sharing the blog's first tag. */
export function similarBlogsQuery(blog: Blog) {
  const tag = blog.tags[0];
  return queryOptions({
    queryKey: [...similarBlogsKey, blog.blog_id, tag],
    queryFn: ({ signal }) =>
      searchBlogs({ tag: tag!, limit: Limits.similarBlogs, eliminate_blog: blog.blog_id }, signal),
    enabled: tag !== undefined,
  });
}

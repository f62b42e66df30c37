import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { BlogCard } from '@inkwell/contracts';
import { PagedBlogList } from '../../../components/paged-blog-list.tsx';
import type { pagedListOptions } from '../../../lib/paged-list.ts';

/**
 * A list of the home page's tabs (the newest blogs, a topic's, the writers the reader follows); a
 * failure is told in `failure`'s words (docs/product/rules.md's for the first two). Nothing is kept once the list
 * is left (gcTime 0), so a topic chosen again starts from page 1 (docs/product/screens.md), and a follow made
 * elsewhere shows the next time the following tab opens.
 */
export function HomeBlogList({
  options,
  failure,
  empty,
}: {
  options: ReturnType<typeof pagedListOptions<BlogCard>>;
  failure: string;
  empty: string;
}) {
  const blogs = useInfiniteQuery({ ...options, gcTime: 0 });
  useEffect(() => {
    if (blogs.isError) toast.error(failure, { id: failure });
  }, [blogs.isError, failure]);
  return <PagedBlogList query={blogs} empty={empty} />;
}

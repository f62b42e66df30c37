import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Messages } from '@inkwell/contracts';
import { PagedBlogList } from '../../../components/paged-blog-list.tsx';
import { homeBlogsOptions } from '../api/home-blogs.ts';

/**
 * The newest blogs, or those of one topic; a failure is told with SPEC §8's words. Nothing is
 * kept once the list is left (gcTime 0), so a topic chosen again starts from page 1 (SPEC §4).
 */
export function HomeBlogList({ topic }: { topic: string | null }) {
  const blogs = useInfiniteQuery({ ...homeBlogsOptions(topic), gcTime: 0 });
  const failure = topic ? Messages.fetchCategoryFailed : Messages.fetchLatestFailed;
  useEffect(() => {
    if (blogs.isError) toast.error(failure, { id: failure });
  }, [blogs.isError, failure]);
  return <PagedBlogList query={blogs} empty="No blogs published" />;
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { FollowMessages } from '@inkwell/contracts';
import { PagedBlogList } from '../../../components/paged-blog-list.tsx';
import { followingBlogsOptions } from '../api/following-blogs.ts';

/**
 * The following tab: the newest blogs of the writers the reader follows. Loaded in the browser (the
 * tab is the signed-in reader's, never server-rendered) and, like the home list, dropped once left,
 * so a follow made elsewhere shows the next time it opens.
 */
export function FollowingBlogList({ reader }: { reader: string }) {
  const blogs = useInfiniteQuery({ ...followingBlogsOptions(reader), gcTime: 0 });
  useEffect(() => {
    if (blogs.isError) toast.error(FollowMessages.fetchFollowingFailed, { id: FollowMessages.fetchFollowingFailed });
  }, [blogs.isError]);
  return <PagedBlogList query={blogs} empty={FollowMessages.nothingFollowed} />;
}

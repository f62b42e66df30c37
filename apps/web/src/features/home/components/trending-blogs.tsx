import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Messages } from '@inkwell/contracts';
import { BlogCardSkeletons, RankedBlogCard } from '../../../components/blog-card.tsx';
import { EmptyMessage } from '../../../components/paged-blog-list.tsx';
import { trendingBlogsQuery } from '../api/trending-blogs.ts';

/** The top 10 by the server's trending score, numbered 01, 02… */
export function TrendingBlogs() {
  const trending = useQuery(trendingBlogsQuery());
  useEffect(() => {
    if (trending.isError) toast.error(Messages.fetchTrendingFailed, { id: Messages.fetchTrendingFailed });
  }, [trending.isError]);
  if (trending.isPending) return <BlogCardSkeletons />;
  if (!trending.data) return null;
  if (trending.data.length === 0) return <EmptyMessage>No trending blogs</EmptyMessage>;
  return (
    <ol aria-label="Trending blogs">
      {trending.data.map((blog, i) => (
        <li key={blog.blog_id}>
          <RankedBlogCard blog={blog} rank={i + 1} />
        </li>
      ))}
    </ol>
  );
}

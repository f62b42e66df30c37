import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Blog } from '@inkwell/contracts';
import { BlogCard } from '../../components/blog-card.tsx';
import { BlogNotice } from '../../components/blog-notice.tsx';
import { PageLoadFailure } from '../../components/page-load-failure.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { FollowIsland } from '../profile/index.ts';
import { useBlog } from './api/get-blog.ts';
import { similarBlogsQuery } from './api/similar-blogs.ts';
import { BlogActionsIsland, BlogReportIsland } from './blog-islands.tsx';
import { BlogContent } from './components/blog-content.tsx';
import { AuthorTrusted } from './components/inline-html.tsx';
import { BlogHeading } from './components/blog-heading.tsx';

/**
 * docs/product/screens.md Blog page: the blog, its likes and comments, sharing, and similar blogs.
 * Server-rendered, its text and lists stay the server's HTML; what the reader can touch (the
 * follow, the likes and comments, the report) are islands (ADR 11).
 */
export function BlogPage() {
  const { blog_id: blogId = '' } = useParams();
  const blog = useBlog(blogId);
  usePageTitle(blog.data?.title);

  if (blog.isPending) return <BlogSkeleton />;
  if (blog.isError) return <PageLoadFailure error={blog.error} what="this blog" onRetry={() => void blog.refetch()} />;
  return <BlogArticle blog={blog.data} shownWithoutFetching={blog.isSuccess && !blog.isFetchedAfterMount} />;
}

function BlogArticle({ blog, shownWithoutFetching }: { blog: Blog; shownWithoutFetching: boolean }) {
  const blocks = blog.content[0]?.blocks ?? [];
  const author = blog.author.personal_info.username;
  return (
    <article className="mx-auto box-content max-w-reading px-[5vw] py-10">
      <BlogNotice blog={blog} className="mb-8" />
      <BlogHeading blog={blog} authorAction={<FollowIsland username={author} />} />
      <BlogActionsIsland blogId={blog.blog_id} shownWithoutFetching={shownWithoutFetching} />
      <AuthorTrusted value={blog.author_trusted}>
        <BlogContent blocks={blocks} />
      </AuthorTrusted>
      <BlogReportIsland blogId={blog.blog_id} author={author} />
      <SimilarBlogs blog={blog} />
    </article>
  );
}

function SimilarBlogs({ blog }: { blog: Blog }) {
  const similar = useQuery(similarBlogsQuery(blog));
  if (!similar.data?.length) return null;
  return (
    <section aria-labelledby="similar-blogs" className="mt-14">
      <h2 id="similar-blogs" className="mb-4 text-2xl font-medium">
        Similar Blogs
      </h2>
      {similar.data.map((card) => (
        <BlogCard key={card.blog_id} blog={card} />
      ))}
    </section>
  );
}

function BlogSkeleton() {
  return (
    <div
      aria-busy="true"
      role="status"
      aria-label="Loading the blog"
      className="mx-auto box-content max-w-reading animate-pulse px-[5vw] py-10"
    >
      <div className="aspect-video w-full rounded-md bg-neutral-100" />
      <div className="mt-10 h-10 w-3/4 rounded bg-neutral-200" />
      <div className="mt-8 flex items-center gap-4">
        <div className="h-12 w-12 rounded-full bg-neutral-100" />
        <div className="h-4 w-40 rounded bg-neutral-100" />
      </div>
      <div className="mt-10 space-y-4">
        {[1, 2, 3, 4].map((i) => (
          <div key={i} className="h-4 w-full rounded bg-neutral-100" />
        ))}
      </div>
    </div>
  );
}

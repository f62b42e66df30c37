import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { editorPath, type Blog } from '@inkwell/contracts';
import { BlogCard } from '../../components/blog-card.tsx';
import { CountOf } from '../../components/count-of.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { CommentIcon } from '../../components/icons.tsx';
import { PageLoadFailure } from '../../components/page-load-failure.tsx';
import { useHydrated } from '../../lib/hydration.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.tsx';
import { CommentsPanel } from '../comments/index.ts';
import { FollowButton } from '../profile/index.ts';
import { ReportControl } from '../reports/index.ts';
import { useSetCommentCounts } from './api/comment-counts.ts';
import { useBlog, useBlogCan, useCountRead } from './api/get-blog.ts';
import { similarBlogsQuery } from './api/similar-blogs.ts';
import { BlogContent } from './components/blog-content.tsx';
import { AuthorTrusted } from './components/inline-html.tsx';
import { BlogHeading } from './components/blog-heading.tsx';
import { BookmarkButton } from './components/bookmark-button.tsx';
import { LikeButton } from './components/like-button.tsx';
import { ShareButtons } from './components/share-buttons.tsx';
import { BlogNotice } from '../../components/blog-notice.tsx';

/** docs/product/screens.md Blog page: the blog, its likes and comments, sharing, and similar blogs. */
export function BlogPage() {
  const { blog_id: blogId = '' } = useParams();
  const blog = useBlog(blogId);
  usePageTitle(blog.data?.title);
  useCountRead(blogId, blog.isSuccess && !blog.isFetchedAfterMount);

  if (blog.isPending) return <BlogSkeleton />;
  if (blog.isError) return <PageLoadFailure error={blog.error} what="this blog" onRetry={() => void blog.refetch()} />;
  return <BlogArticle blog={blog.data} />;
}

function BlogArticle({ blog }: { blog: Blog }) {
  const blocks = blog.content[0]?.blocks ?? [];
  const [commentsOpen, setCommentsOpen] = useState(false);
  const setCommentCounts = useSetCommentCounts(blog.blog_id);
  const { session } = useSession();
  const hydrated = useHydrated();

  return (
    <>
      <article className="mx-auto box-content max-w-reading px-[5vw] py-10">
        <BlogNotice blog={blog} className="mb-8" />
        <BlogHeading blog={blog} authorAction={<FollowButton username={blog.author.personal_info.username} />} />
        <BlogInteraction blog={blog} onOpenComments={() => setCommentsOpen(true)} />
        <AuthorTrusted value={blog.author_trusted}>
          <BlogContent blocks={blocks} />
        </AuthorTrusted>
        {/* After hydration (the server renders for anyone), for a signed-in reader who is not its author. */}
        {hydrated && session && session.username !== blog.author.personal_info.username && (
          <div className="mt-10">
            <ReportControl target={{ type: 'blog', blog_id: blog.blog_id }} />
          </div>
        )}
        <SimilarBlogs blog={blog} />
      </article>
      <CommentsPanel
        blog={blog}
        open={commentsOpen}
        onClose={() => setCommentsOpen(false)}
        setCounts={setCommentCounts}
      />
    </>
  );
}

function BlogInteraction({ blog, onOpenComments }: { blog: Blog; onOpenComments: () => void }) {
  const can = useBlogCan(blog);
  const hydrated = useHydrated();
  return (
    <div className="my-6 flex flex-wrap items-center justify-between gap-4 border-y border-neutral-100 py-3">
      <div className="flex items-center gap-6">
        <LikeButton blog={blog} />
        <div className="flex items-center gap-2">
          <IconButton label="Comments" onClick={onOpenComments}>
            <CommentIcon />
          </IconButton>
          <span data-testid="total-comments" className="text-neutral-700">
            <CountOf count={blog.activity.total_comments} noun="comment" />
          </span>
        </div>
        <BookmarkButton blog={blog} />
      </div>
      <div className="flex items-center gap-4">
        {can.edit && (
          <Link to={editorPath(blog.blog_id)} className="underline underline-offset-4 hover:text-neutral-600">
            Edit
          </Link>
        )}
        {/* The page's address is the browser's to say (it may sit behind a proxy). */}
        {hydrated && <ShareButtons title={blog.title} url={`${window.location.origin}/blog/${blog.blog_id}`} />}
      </div>
    </div>
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

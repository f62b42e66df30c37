import { lazy, Suspense, useState } from 'react';
import { editorPath, type Blog } from '@inkwell/contracts';
import { CountOf } from '../../components/count-of.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { CommentIcon } from '../../components/icons.tsx';
import { useAskAgainAsReader } from '../../lib/ask-again-as-reader.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { defineIsland } from '../../lib/island.tsx';
import { Link } from '../../lib/navigation.tsx';
import { useSession } from '../../lib/session.tsx';
import { ReportControl } from '../reports/index.ts';
import { useSetCommentCounts } from './api/comment-counts.ts';
import { useBlog, useCountRead } from './api/get-blog.ts';
import { BookmarkButton } from './components/bookmark-button.tsx';
import { LikeButton } from './components/like-button.tsx';
import { ShareButtons } from './components/share-buttons.tsx';

/** The comments panel, loaded the first time a reader opens it: the reading page runs none of it before. */
const CommentsPanel = lazy(() => import('../comments/index.ts').then((m) => ({ default: m.CommentsPanel })));

/**
 * The blog page's bar of likes, comments, saving, editing and sharing, and the comments panel it
 * opens: an island of the server-rendered page, which counts the read, and asks for the blog again
 * as its signed-in reader (their counts and what they may do). `shownWithoutFetching`: the blog came
 * with the page (the server's, or an earlier visit's), not from a get-blog call of its own.
 */
function BlogActions({ blogId, shownWithoutFetching }: { blogId: string; shownWithoutFetching: boolean }) {
  const blog = useBlog(blogId);
  useCountRead(blogId, shownWithoutFetching);
  useAskAgainAsReader(blog.refetch, shownWithoutFetching);
  // The panel loads the first time it opens, and stays while it slides away and back.
  const [comments, setComments] = useState<'never opened' | 'open' | 'closed'>('never opened');
  const setCommentCounts = useSetCommentCounts(blogId);
  if (!blog.data) return null;
  return (
    <>
      <BlogInteraction blog={blog.data} onOpenComments={() => setComments('open')} />
      {comments !== 'never opened' && (
        <Suspense>
          <CommentsPanel
            blog={blog.data}
            open={comments === 'open'}
            onClose={() => setComments('closed')}
            setCounts={setCommentCounts}
          />
        </Suspense>
      )}
    </>
  );
}

export const BlogActionsIsland = defineIsland('blog-actions', BlogActions);

function BlogInteraction({ blog, onOpenComments }: { blog: Blog; onOpenComments: () => void }) {
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
        {blog.can.edit && (
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

/** Report this blog: after hydration (the server renders for anyone), for a signed-in reader who is not its author. */
function BlogReport({ blogId, author }: { blogId: string; author: string }) {
  const { session } = useSession();
  const hydrated = useHydrated();
  if (!hydrated || !session || session.username === author) return null;
  return (
    <div className="mt-10">
      <ReportControl target={{ type: 'blog', blog_id: blogId }} />
    </div>
  );
}

export const BlogReportIsland = defineIsland('blog-report', BlogReport);

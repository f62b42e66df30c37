import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { blogPath, editorPath, formatCount, type DashboardBlog } from '@inkwell/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useDeleteBlog } from '../api/delete-blog.ts';
import { statsPath } from '../stats-address.ts';
import { ScheduleActions } from './schedule-actions.tsx';
import { BlogNotice } from '../../../components/blog-notice.tsx';

/** One of the author's blogs: what it is, how it does, and Edit / Delete (a scheduled one: when it goes out, and what may change that). */
export function OwnBlogCard({ blog }: { blog: DashboardBlog }) {
  const [confirming, setConfirming] = useState(false);
  const { total_likes, total_comments, total_reads } = blog.activity;

  const remove = useDeleteBlog(blog.blog_id, {
    onSuccess: () => toast.success('Blog deleted'),
    onError: (e) => {
      toast.error(e.message);
      setConfirming(false);
    },
  });
  // Still deleting once deleted, until the card leaves the list.
  const deleting = remove.isPending || remove.isSuccess;

  return (
    <li className="border-b border-neutral-100 py-6" aria-label={blog.title}>
      <div className="flex gap-6 max-md:flex-col md:items-center md:gap-10">
        {blog.banner ? (
          <ResponsiveImage
            src={blog.banner}
            alt=""
            width={1200}
            height={675}
            sizes="(min-width: 768px) 112px, 90vw"
            loading="lazy"
            className="aspect-video w-full flex-none rounded-md bg-neutral-100 object-cover md:w-28"
          />
        ) : (
          <div className="hidden aspect-video w-28 flex-none rounded-md bg-neutral-100 md:block" />
        )}
        <div className="flex min-w-0 flex-1 flex-col justify-between gap-3">
          <div>
            {blog.draft ? (
              <h2 className="text-lg font-medium">{blog.title}</h2>
            ) : (
              <Link to={blogPath(blog.blog_id)} className="line-clamp-2 text-lg font-medium hover:underline">
                {blog.title}
              </Link>
            )}
            <p className="mt-1 line-clamp-1 text-neutral-500">
              {blog.publishAt ? (
                <>
                  Scheduled for <time dateTime={blog.publishAt}>{formatDateTime(blog.publishAt)}</time>
                </>
              ) : blog.draft ? (
                <>
                  Last edited <time dateTime={blog.updatedAt}>{formatDateTime(blog.updatedAt)}</time>
                </>
              ) : (
                blog.publishedAt && `Published on ${formatDate(blog.publishedAt)}`
              )}
            </p>
            <BlogNotice blog={blog} className="mt-2" />
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {blog.publishAt ? (
              <ScheduleActions blogId={blog.blog_id} />
            ) : (
              <Link to={editorPath(blog.blog_id)} className="underline underline-offset-4">
                Edit
              </Link>
            )}
            {!blog.draft && (
              <Link to={statsPath({ blogId: blog.blog_id })} className="underline underline-offset-4">
                Statistics
              </Link>
            )}
            <button
              type="button"
              className="text-red-600 underline underline-offset-4"
              onClick={() => setConfirming(true)}
              disabled={confirming}
            >
              Delete
            </button>
          </div>
        </div>
        {!blog.draft && (
          <dl className="flex flex-none gap-6 text-center max-md:justify-start" aria-label="Activity">
            <Stat label="Likes" value={total_likes} />
            <Stat label="Comments" value={total_comments} />
            <Stat label="Reads" value={total_reads} />
          </dl>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          confirmLabel="Confirm"
          busy={deleting}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
          className="mt-4"
        >
          Delete “{blog.title}”? Its likes, comments and reads go with it. This cannot be undone.
        </ConfirmDialog>
      )}
    </li>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-sm text-neutral-500">{label}</dt>
      <dd className="text-xl font-medium">{formatCount(value)}</dd>
    </div>
  );
}

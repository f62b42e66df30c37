import { useId, useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Limits, profilePath, type Blog } from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { AuthorTrusted, BlogContent } from '../blog/index.ts';
import { useDecideReview, useReviewQueue } from './api/review.ts';
import { AdminLayout } from './components/admin-layout.tsx';

/** Said beside the reason when Reject is pressed without one: the author is told why. */
const REASON_NEEDED = 'Say why it is rejected: its author is told.';

/**
 * The blogs of members not yet trusted that wait for a moderator, oldest first, each whole as its
 * readers would see it, then Approve (it is published) or Reject (back to its author's drafts, with why).
 */
export function ReviewQueuePage() {
  return (
    <AdminLayout title="Review queue">
      <WaitingBlogs />
    </AdminLayout>
  );
}

function WaitingBlogs() {
  const queue = useReviewQueue();
  if (queue.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (queue.isError) return <p role="alert">{queue.error.message}</p>;
  const blogs = queue.data.pages.flatMap((page) => page.blogs);
  if (blogs.length === 0) return <p className="text-neutral-600">Nothing waits for review.</p>;
  return (
    <>
      <p className="mb-2 text-neutral-600" aria-live="polite">
        {queue.data.pages.at(-1)!.totalDocs} waiting
      </p>
      <ul>
        {blogs.map((blog) => (
          <WaitingBlog key={blog.blog_id} blog={blog} />
        ))}
      </ul>
      <LoadMoreButton query={queue} />
    </>
  );
}

function WaitingBlog({ blog }: { blog: Blog }) {
  const headingId = useId();
  const { fullname, username } = blog.author.personal_info;
  return (
    <li className="border-b border-neutral-100 py-8">
      <article aria-labelledby={headingId}>
        {blog.banner && (
          <ResponsiveImage
            src={blog.banner}
            alt=""
            width={1200}
            height={675}
            sizes="(min-width: 1000px) 820px, 90vw"
            loading="lazy"
            className="aspect-video w-full rounded-md bg-neutral-100 object-cover"
          />
        )}
        <h2 id={headingId} className="mt-6 font-serif text-3xl leading-tight font-bold break-words">
          {blog.title}
        </h2>
        <p className="mt-2 text-neutral-600">
          By{' '}
          <Link to={profilePath(username)} className="underline underline-offset-2">
            {fullname} (@{username})
          </Link>
          , submitted <time dateTime={blog.updatedAt}>{formatDateTime(blog.updatedAt)}</time>
          {blog.tags.length > 0 && ` · ${blog.tags.join(', ')}`}
        </p>
        {blog.des && <p className="mt-4 break-words">{blog.des}</p>}
        <div className="mt-6 max-w-reading">
          <AuthorTrusted value={blog.author_trusted}>
            <BlogContent blocks={blog.content[0]?.blocks ?? []} />
          </AuthorTrusted>
        </div>
      </article>
      <Decision blog={blog} />
    </li>
  );
}

/** A reason (told to the author, kept in the log; a rejection must have one), then Approve or Reject. */
function Decision({ blog }: { blog: Blog }) {
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const errors = useFormErrors(`review-${blog.blog_id}`);
  const decide = useDecideReview({
    onMutate: () => errors.progress('Saving…'),
    onSuccess: ({ approved }) => errors.succeed(approved ? 'Published' : 'Sent back to the author’s drafts'),
    onError: (error) => errors.refuse(error),
  });
  const reasonError = errors.about('reason');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const approve = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'approve';
    if (!approve && !reason) {
      errors.refuse({ field: 'reason', message: REASON_NEEDED });
      reasonRef.current?.focus();
    } else decide.mutate({ blog_id: blog.blog_id, approve, reason });
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} className="mt-6" aria-label={`Decide on “${blog.title}”`}>
      <label htmlFor={reasonId} className="mb-1 block text-neutral-600">
        Reason (told to the author, kept in the log; needed to reject)
      </label>
      <textarea
        ref={reasonRef}
        id={reasonId}
        name="reason"
        maxLength={Limits.moderationReasonMax}
        rows={2}
        className="input-box"
        {...fieldErrorProps(reasonError)}
      />
      <FieldErrorMessage error={reasonError} />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" value="approve" className="btn-dark py-1.5" disabled={decide.isPending}>
          Approve
        </button>
        <button type="submit" value="reject" className="btn-light py-1.5" disabled={decide.isPending}>
          Reject
        </button>
      </div>
    </form>
  );
}

import type { Blog } from '@inkwell/contracts';

/** What a blog waiting for a moderator's review tells its author (and the editor, as it is published). */
export const AWAITING_REVIEW = 'Waiting for review — a moderator will read it before it is shown to others.';

/**
 * Told to the author of a blog nobody else can read: hidden by the site's staff (and why), or
 * waiting for review. The same words on the blog's page and on the author's dashboard.
 */
export function BlogNotice({
  blog: { hidden_reason: reason, awaiting_review },
  className,
}: {
  blog: Pick<Blog, 'hidden_reason' | 'awaiting_review'>;
  className: string;
}) {
  if (reason === null && !awaiting_review) return null;
  return (
    <p
      role="note"
      className={`rounded-md border px-4 py-3 ${reason === null ? 'border-neutral-300 bg-neutral-100 text-neutral-900' : 'border-red-200 bg-red-50 text-red-900'} ${className}`}
    >
      {reason === null
        ? AWAITING_REVIEW
        : `Hidden by the site’s staff: nobody else can read it${reason ? `. Reason: “${reason}”` : '.'}`}
    </p>
  );
}

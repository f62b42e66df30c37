import { Suspense, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import type { Blog, Comment } from '@inkwell/contracts';
import { CloseIcon } from '../../components/icons.tsx';
import { useSession } from '../../lib/session.tsx';
import { useModalFocus } from '../../lib/use-modal-focus.ts';
import { EmailUnverifiedNotice } from '../auth/index.ts';
import { fetchBlogComments } from './api/comments.ts';
import { CommentCard, type ThreadEvents } from './components/comment-card.tsx';
import { CommentField } from './components/comment-field.tsx';
import { useCommentList } from './use-comment-list.ts';

export type CommentCounts = Pick<Blog['activity'], 'total_comments' | 'total_parent_comments'>;

export interface CommentsPanelProps {
  blog: Blog;
  open: boolean;
  onClose: () => void;
  /** Where the blog's comment counts change, as comments are added and deleted (the blog page keeps the blog). */
  setCounts: (change: (counts: CommentCounts) => CommentCounts) => void;
}

/**
 * docs/product/screens.md's sliding comments panel: the comment box, then the top-level comments newest first
 * (Load More while the blog has more), each with its replies on demand, indented by level.
 * Comments load the first time it opens, and stay while it slides away and back. It is a modal
 * dialog: the keyboard stays inside until Escape or the close button, then returns to the opener.
 */
export function CommentsPanel({ blog, open, onClose, setCounts }: CommentsPanelProps) {
  const { total_comments, total_parent_comments } = blog.activity;
  const load = useCallback((skip: number) => fetchBlogComments(blog.blog_id, skip), [blog.blog_id]);
  const comments = useCommentList({ load, newestFirst: true });
  const started = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const keepFocusInside = useModalFocus(dialog, closeButton, open);
  const { session } = useSession();

  const { loadMore } = comments;
  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    void loadMore();
  }, [open, loadMore]);

  const events: ThreadEvents = useMemo(
    () => ({
      replyAdded: () => setCounts((c) => ({ ...c, total_comments: c.total_comments + 1 })),
      deleted: (counts) => setCounts(() => counts),
    }),
    [setCounts],
  );
  const onAdded = (comment: Comment) => {
    comments.add(comment);
    setCounts((c) => ({ total_comments: c.total_comments + 1, total_parent_comments: c.total_parent_comments + 1 }));
  };

  return (
    <>
      {/* The page behind is out of reach while the dialog is open; a click on it closes the dialog. */}
      {open && <div aria-hidden="true" className="fixed inset-0 z-40 bg-neutral-900/20" onClick={onClose} />}
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        inert={!open}
        onKeyDown={(e) => (e.key === 'Escape' ? onClose() : keepFocusInside(e))}
        // Invisible once slid away (visibility switches at the end of the slide), so it is not in the page then;
        // visible at once when it opens, so focus can move in.
        className={`fixed top-0 right-0 z-50 h-full w-full overflow-y-auto bg-white p-8 px-6 shadow-2xl duration-300 sm:w-[40%] sm:min-w-[380px] ${open ? 'visible translate-x-0 transition-[translate]' : 'invisible translate-x-full transition-[translate,visibility]'}`}
      >
        <div className="relative">
          <h2 id={headingId} className="text-xl font-medium">
            Comments <span className="text-neutral-500">({total_comments})</span>
          </h2>
          <p className="mt-1 line-clamp-1 w-[75%] text-lg text-neutral-600">{blog.title}</p>
          <button
            ref={closeButton}
            type="button"
            aria-label="Close comments"
            onClick={onClose}
            className="absolute top-0 right-0 flex h-11 w-11 items-center justify-center rounded-full bg-neutral-100 hover:bg-neutral-200"
          >
            <CloseIcon />
          </button>
        </div>
        <hr className="my-6 -mx-6 border-neutral-100" />

        {/* Asked of a signed-in member once the panel opens: the reading page loads none of it. */}
        {open && session && (
          <Suspense fallback={null}>
            <EmailUnverifiedNotice className="mb-4" />
          </Suspense>
        )}
        <CommentField
          blog={{ _id: blog._id, author: blog.author.personal_info.username }}
          action="Comment"
          label="Add a comment"
          onAdded={onAdded}
        />

        {comments.items.length > 0 ? (
          <ul aria-label="Comment threads" className="mt-4">
            {comments.items.map((comment) => (
              <CommentCard
                key={comment._id}
                comment={comment}
                level={0}
                blog={blog}
                events={events}
                onRemoved={comments.remove}
              />
            ))}
          </ul>
        ) : (
          comments.loaded &&
          comments.status === 'idle' && <p className="mt-8 text-center text-neutral-500">No comments yet</p>
        )}
        {comments.status === 'loading' && <p className="mt-6 text-neutral-500">Loading comments…</p>}
        {comments.status === 'error' && (
          <p role="alert" className="mt-6">
            Could not load the comments.{' '}
            <button type="button" className="underline" onClick={() => void loadMore()}>
              Try again
            </button>
          </p>
        )}
        {comments.status === 'idle' && comments.items.length > 0 && comments.items.length < total_parent_comments && (
          <button type="button" className="btn-light mt-6 px-5" onClick={() => void loadMore()}>
            Load More
          </button>
        )}
      </div>
    </>
  );
}

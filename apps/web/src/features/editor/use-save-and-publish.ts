import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { draftError, EditorMessages, publishAtError, publishError, REDIRECT_AFTER_SAVE_MS } from '@inkwell/contracts';
import { AWAITING_REVIEW } from '../../components/blog-notice.tsx';
import type { FormErrors } from '../../lib/use-form-errors.ts';
import { ApiError } from '../../lib/api.ts';
import { useSaveBlog, type Save, type SaveTarget } from './api/save-blog.ts';
import { draftishOf, type EditorBlog } from './editor-blog.ts';

/**
 * Save Draft and Publish, now or at a time (docs/product/rules.md): the shared rules first (a refused blog is never sent),
 * one save at a time, the server's error text on failure, and / half a second after success.
 * Publishing a blog that is `published` already updates it, and says so. A blog saved elsewhere
 * since it was opened (409) is handed to `onConflict` with the save it refused.
 */
export function useSaveAndPublish(
  published: boolean,
  onSaved: () => void,
  errors: FormErrors,
  onConflict: (refused: Save) => void,
) {
  const navigate = useNavigate();
  // A ref, not the mutation's state: two clicks in one frame both see the state before either re-render.
  const inFlight = useRef(false);
  /** What the toast says while saving, and once saved. */
  const messages = ({ draft, publishAt }: Omit<Save, 'blog'>): [string, string] =>
    draft
      ? [EditorMessages.savingDraft, EditorMessages.draftSaved]
      : publishAt
        ? [EditorMessages.scheduling, EditorMessages.scheduled]
        : published
          ? [EditorMessages.updating, EditorMessages.updated]
          : [EditorMessages.publishing, EditorMessages.published];
  const mutation = useSaveBlog({
    onMutate: (saving) => errors.progress(messages(saving)[0]),
    onSuccess: ({ awaiting_review }, saved) => {
      // Published by a member not yet trusted, where the site reviews them: nobody else sees it yet.
      errors.succeed(awaiting_review ? AWAITING_REVIEW : messages(saved)[1]);
      onSaved();
      setTimeout(() => navigate('/'), REDIRECT_AFTER_SAVE_MS);
    },
    onError: (e, refused) => {
      errors.refuse(e.message);
      inFlight.current = false;
      if (e instanceof ApiError && e.code === 'blog_changed') onConflict(refused);
    },
  });

  /** Saves to `target`: the blog being edited, as loaded, or (Keep both) a new one. */
  const save = (blog: EditorBlog, draft: boolean, target: SaveTarget, publishAt?: string) => {
    if (inFlight.current) return;
    const error = draft ? draftError(blog) : publishError(draftishOf(blog));
    if (error) {
      errors.refuse(error);
      return;
    }
    const timeError = publishAt === undefined ? null : publishAtError(publishAt, new Date());
    if (timeError) {
      errors.refuse(timeError);
      return;
    }
    inFlight.current = true;
    mutation.mutate({ blog, draft, target, publishAt });
  };

  // Still "saving" once saved, until we leave, so nothing is sent twice.
  return { saving: mutation.isPending || mutation.isSuccess, save };
}

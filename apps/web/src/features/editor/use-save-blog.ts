import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { draftError, EditorMessages, publishError, REDIRECT_AFTER_SAVE_MS } from '@inkwell/contracts';
import type { FormErrors } from '../../lib/use-form-errors.ts';
import { saveBlog } from './api/save-blog.ts';
import { draftishOf, type EditorBlog } from './editor-blog.ts';

/**
 * Save Draft and Publish (SPEC §5): the shared rules first (a refused blog is never sent),
 * one save at a time, the server's error text on failure, and / half a second after success.
 * Publishing a blog that is `published` already updates it, and says so.
 */
export function useSaveBlog(blogId: string | undefined, published: boolean, onSaved: () => void, errors: FormErrors) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A ref, not the state: two clicks in one frame both see the state before either re-render.
  const inFlight = useRef(false);
  const [saving, setSaving] = useState(false);

  const save = async (blog: EditorBlog, draft: boolean) => {
    if (inFlight.current) return;
    const error = draft ? draftError(blog) : publishError(draftishOf(blog));
    if (error) {
      errors.refuse(error);
      return;
    }
    inFlight.current = true;
    setSaving(true);
    const [pending, done] = draft
      ? [EditorMessages.savingDraft, EditorMessages.draftSaved]
      : published
        ? [EditorMessages.updating, EditorMessages.updated]
        : [EditorMessages.publishing, EditorMessages.published];
    errors.progress(pending);
    try {
      await saveBlog(blog, draft, blogId);
      errors.succeed(done);
      onSaved();
      // A saved blog changes lists all over the app (home, profile, dashboard, search).
      void queryClient.invalidateQueries();
      // Still "saving" until we leave, so nothing is sent twice.
      setTimeout(() => navigate('/'), REDIRECT_AFTER_SAVE_MS);
    } catch (e) {
      errors.refuse((e as Error).message);
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { saving, save };
}

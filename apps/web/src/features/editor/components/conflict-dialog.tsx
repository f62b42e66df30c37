import { useId, useRef } from 'react';
import { ErrorMessages } from '@inkwell/contracts';
import { useModalFocus } from '../../../lib/use-modal-focus.ts';

/**
 * What to do with a save the server refused because the blog was saved elsewhere since it was
 * opened (409). The writer's text stays in the editor whatever they choose; Escape and
 * "Keep editing" only close this.
 */
export function ConflictDialog({
  busy,
  onSeeNewer,
  onOverwrite,
  onKeepBoth,
  onClose,
}: {
  busy: boolean;
  onSeeNewer: () => void;
  onOverwrite: () => void;
  onKeepBoth: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const textId = useId();
  const keepFocusInside = useModalFocus(dialog, first, true);
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-neutral-900/20" />
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={textId}
        onKeyDown={(e) => (e.key === 'Escape' ? onClose() : keepFocusInside(e))}
        className="fixed inset-x-4 top-20 z-50 mx-auto max-w-md rounded-md bg-white p-6 shadow-2xl"
      >
        <h2 id={headingId} className="text-xl font-medium">
          {ErrorMessages.blog_changed}
        </h2>
        <p id={textId} className="mt-2 text-neutral-700">
          It was saved somewhere else after you opened it here. Your text is still in the editor. Overwrite it saves
          yours over the newer version (which stays in the revision history); Keep both saves yours as a new draft and
          leaves the other as it is.
        </p>
        <div className="mt-5 flex flex-col gap-3">
          <button ref={first} type="button" className="btn-light" disabled={busy} onClick={onSeeNewer}>
            See the newer version
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={onOverwrite}>
            Overwrite it
          </button>
          <button type="button" className="btn-dark" disabled={busy} onClick={onKeepBoth}>
            Keep both
          </button>
          <button type="button" className="btn-light" disabled={busy} onClick={onClose}>
            Keep editing
          </button>
        </div>
      </div>
    </>
  );
}

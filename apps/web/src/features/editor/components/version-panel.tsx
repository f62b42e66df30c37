import { useId, useRef, type ReactNode } from 'react';
import type { ContentBlock } from '@inkwell/contracts';
import { CloseIcon } from '../../../components/icons.tsx';
import { useModalFocus } from '../../../lib/use-modal-focus.ts';
import { BlogContent } from '../../blog/index.ts';

/**
 * A panel over the right of the editor (the whole width on a phone), for other versions of the
 * blog: the writer's own text stays in the editor behind it. A modal dialog: the keyboard stays
 * inside until Escape or the close button, then goes back to the opener.
 */
export function VersionPanel({
  heading,
  closeLabel,
  onClose,
  children,
}: {
  heading: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const keepFocusInside = useModalFocus(dialog, closeButton, true);
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-neutral-900/20" onClick={onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        onKeyDown={(e) => (e.key === 'Escape' ? onClose() : keepFocusInside(e))}
        className="fixed top-0 right-0 z-50 h-full w-full overflow-y-auto bg-white px-6 py-8 shadow-2xl sm:w-[45%] sm:min-w-[380px]"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-xl font-medium">
            {heading}
          </h2>
          <button
            ref={closeButton}
            type="button"
            aria-label={closeLabel}
            onClick={onClose}
            className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-neutral-100 hover:bg-neutral-200"
          >
            <CloseIcon />
          </button>
        </div>
        <hr className="my-6 -mx-6 border-neutral-100" />
        {children}
      </div>
    </>
  );
}

/** A version of the blog, read-only, in the blog page's own type and blocks. */
export function VersionText({ title, blocks, about }: { title: string; blocks: ContentBlock[]; about: ReactNode }) {
  return (
    <article aria-label="This version" className="mt-6">
      <p className="text-sm text-neutral-600">{about}</p>
      <h3 className="mt-2 mb-6 text-2xl font-medium break-words">{title}</h3>
      <BlogContent blocks={blocks} />
    </article>
  );
}

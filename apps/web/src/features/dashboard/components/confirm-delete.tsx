import { useEffect, useId, useRef } from 'react';

interface ConfirmDeleteProps {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An inline confirmation step before a blog is deleted for good. */
export function ConfirmDelete({ title, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const headingId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Focus the safe choice first, so Enter does not delete by accident.
  useEffect(() => cancelRef.current?.focus(), []);

  return (
    <div
      role="alertdialog"
      aria-labelledby={headingId}
      className="mt-4 rounded-md border border-red-200 bg-red-50 p-4"
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p id={headingId} className="mb-3">
        Delete “{title}”? Its likes, comments and reads go with it. This cannot be undone.
      </p>
      <div className="flex gap-3">
        <button type="button" className="rounded-full bg-red-600 px-5 py-2 text-white hover:bg-red-700 disabled:opacity-50" disabled={busy} onClick={onConfirm}>
          Confirm
        </button>
        <button ref={cancelRef} type="button" className="btn-light px-5 py-2" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

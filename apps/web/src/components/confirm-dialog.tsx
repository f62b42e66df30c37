import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface ConfirmDialogProps {
  /** The question, saying what confirming does. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Words to type before confirming works (a member's username, `delete 60`): for what cannot be undone at all. */
  typeToConfirm?: string;
  className?: string;
}

/**
 * An inline confirmation step before something hard to take back. Focus starts on Cancel, so
 * Enter never confirms by accident; Escape cancels; closing gives focus back to where it was.
 */
export function ConfirmDialog({
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  typeToConfirm,
  className = '',
}: ConfirmDialogProps) {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const waiting = typeToConfirm !== undefined && typed.trim().toLowerCase() !== typeToConfirm.toLowerCase();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    cancelRef.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  return (
    <div
      role="alertdialog"
      aria-labelledby={headingId}
      className={`rounded-md border border-red-200 bg-red-50 p-4 ${className}`}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <p id={headingId} className="mb-3">
        {children}
      </p>
      {typeToConfirm !== undefined && (
        <label className="mb-3 block">
          <span className="mb-1 block">Type “{typeToConfirm}” to confirm</span>
          <input
            className="input-box"
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-full bg-red-600 px-5 py-2 text-white hover:bg-red-700 disabled:opacity-50"
          disabled={busy || waiting}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="btn-light px-5 py-2" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  /** The question, saying what confirming does. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Confirming waits for something more (a name typed again). */
  confirmDisabled?: boolean;
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
  confirmDisabled = false,
  className = '',
}: ConfirmDialogProps) {
  const headingId = useId();
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
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded-full bg-red-600 px-5 py-2 text-white hover:bg-red-700 disabled:opacity-50"
          disabled={busy || confirmDisabled}
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

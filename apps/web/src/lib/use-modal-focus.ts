import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keyboard focus for a modal dialog. When it opens, focus moves to `start`; while it is open,
 * Tab and Shift+Tab go round inside it; when it closes, focus goes back to whatever had it
 * before (the button that opened it). Answers the dialog's keydown handler.
 */
export function useModalFocus(
  dialog: RefObject<HTMLElement | null>,
  start: RefObject<HTMLElement | null>,
  open: boolean,
) {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    start.current?.focus();
    return () => opener?.focus();
  }, [open, start]);

  return (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    // Read at each Tab: replies and forms come and go inside the dialog.
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) =>
      element.checkVisibility(),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };
}

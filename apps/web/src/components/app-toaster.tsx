import { useEffect, useLayoutEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { AuthMessages, MAX_TOASTS, TOAST_DURATIONS } from '@inkwell/contracts';
import { CheckCircleIcon } from './icons.tsx';

/**
 * docs/product/rules.md: error and blank 4000 ms, success 2000 ms, loading until dismissed, at most 20.
 * Toasts take the theme's colours; a success shows our own check icon (an emoji would be a box
 * where no emoji font is installed).
 */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  // A screen that shows why its call failed says the session ended too, after a 401: the message shows once.
  useLayoutEffect(() => {
    for (const shown of toasts) {
      if (shown.message === AuthMessages.sessionEnded && shown.id !== AuthMessages.sessionEnded) toast.remove(shown.id);
    }
  }, [toasts]);
  return (
    <Toaster
      toastOptions={{
        // Inline, since react-hot-toast's own (unlayered) colours outrank any class of ours.
        style: {
          background: 'var(--color-white)',
          color: 'var(--color-neutral-900)',
          border: '1px solid var(--color-neutral-200)',
        },
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success, icon: <CheckCircleIcon className="shrink-0 text-green-700" /> },
        loading: { duration: Infinity },
      }}
    />
  );
}

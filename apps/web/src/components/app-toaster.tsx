import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { MAX_TOASTS, TOAST_DURATIONS } from '@inkwell/contracts';

/** SPEC §9: error and blank 4000 ms, success 2000 ms, loading until dismissed, at most 20. */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_TOASTS)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <Toaster
      toastOptions={{
        blank: { duration: TOAST_DURATIONS.blank },
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: Infinity },
      }}
    />
  );
}

import { useSyncExternalStore } from 'react';
import type hotToast from 'react-hot-toast';
import type { Renderable, ToastOptions } from 'react-hot-toast';

/*
 * Every toast goes through here: react-hot-toast (4 KB gzipped) loads with the first one, so a
 * reading page, which shows none until its reader does something, does not load it before. Calls
 * keep their order (each waits on the same load); a toast shows a moment later the first time. Each
 * answers its toast's id at once, as react-hot-toast does, given here when the caller gives none.
 */

type HotToast = typeof hotToast;

let loading: Promise<HotToast> | undefined;
const asked = new Set<() => void>();

function later(show: (hot: HotToast) => void) {
  if (!loading) {
    loading = import('react-hot-toast').then((module) => module.default);
    for (const listener of asked) listener();
  }
  void loading.then(show);
}

let made = 0;
type Show = 'success' | 'error' | 'loading';
const shows =
  (kind: Show) =>
  (message: Renderable, options?: ToastOptions): string => {
    const id = options?.id ?? `toast-${++made}`;
    later((hot) => hot[kind](message, { ...options, id }));
    return id;
  };

export const toast = {
  success: shows('success'),
  error: shows('error'),
  loading: shows('loading'),
  dismiss: (id?: string) => later((hot) => hot.dismiss(id)),
  remove: (id?: string) => later((hot) => hot.remove(id)),
};

/** Whether a toast was asked for: where the toaster is not always there (islands), it comes then. */
export const useToastAsked = () =>
  useSyncExternalStore(
    (listener) => {
      asked.add(listener);
      return () => asked.delete(listener);
    },
    () => loading !== undefined,
    () => false,
  );

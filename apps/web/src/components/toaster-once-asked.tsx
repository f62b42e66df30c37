import { lazy, Suspense } from 'react';
import { useToastAsked } from '../lib/toast.ts';

const AppToaster = lazy(() => import('./app-toaster.tsx').then((m) => ({ default: m.AppToaster })));

/** The toaster, loaded with the first toast (lib/toast.ts): a page that shows none never loads it. */
export function ToasterOnceAsked() {
  return useToastAsked() ? (
    <Suspense>
      <AppToaster />
    </Suspense>
  ) : null;
}

import { lazy, Suspense } from 'react';

const Control = lazy(() => import('./block-control.tsx').then((m) => ({ default: m.BlockControl })));

/** The Block control, loaded the first time it shows: only a signed-in reader of someone else's profile sees it. */
export function LazyBlockControl({ username }: { username: string }) {
  return (
    <Suspense>
      <Control username={username} />
    </Suspense>
  );
}

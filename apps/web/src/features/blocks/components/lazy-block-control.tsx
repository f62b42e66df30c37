import { lazy, Suspense } from 'react';
import type { BlockControlProps } from './block-control.tsx';

const Control = lazy(() => import('./block-control.tsx').then((m) => ({ default: m.BlockControl })));

/** The Block control, loaded the first time it shows: only a signed-in reader of someone else's profile sees it. */
export function LazyBlockControl(props: BlockControlProps) {
  return (
    <Suspense>
      <Control {...props} />
    </Suspense>
  );
}

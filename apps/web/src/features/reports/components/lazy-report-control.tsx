import { lazy, Suspense } from 'react';
import type { ReportControlProps } from './report-control.tsx';

const Control = lazy(() => import('./report-control.tsx').then((m) => ({ default: m.ReportControl })));

/** The Report control, loaded the first time it shows: only a signed-in reader of someone else's blog, comment or profile sees it. */
export function LazyReportControl(props: ReportControlProps) {
  return (
    <Suspense>
      <Control {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { AltchaWidgetProps } from './altcha-widget.tsx';

const AltchaWidget = lazy(() => import('./altcha-widget.tsx').then((m) => ({ default: m.AltchaWidget })));

/**
 * The proof of work a site may ask before sign-up or a visitor's subscription is sent (GET
 * /api/config `proofOfWork`): ALTCHA's widget, whose code loads only where it is asked for.
 */
export function ProofOfWorkField(props: AltchaWidgetProps) {
  return (
    <div className="mt-4 mb-4">
      <Suspense fallback={<p className="text-neutral-500">Loading the check that you are not a robot…</p>}>
        <AltchaWidget {...props} />
      </Suspense>
    </div>
  );
}

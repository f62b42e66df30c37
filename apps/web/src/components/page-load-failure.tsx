import { isMissing } from '../lib/api.ts';
import { NotFound } from './not-found.tsx';

/** A page whose one query failed: "Page not found" when its subject is missing (isMissing), else the failure and a way to try again. */
export function PageLoadFailure({ error, what, onRetry }: { error: Error; what: string; onRetry: () => void }) {
  if (isMissing(error)) return <NotFound />;
  return (
    <p role="alert" className="mx-auto max-w-reading px-[5vw] py-10">
      Could not load {what}.{' '}
      <button type="button" className="underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}

import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
import { useIdle } from '../../lib/use-idle.ts';
import { useSession } from '../../lib/session.tsx';

/** A signed-in reader's button, loaded once the page knows there is a session. */
const SubscribeButton = lazy(() => import('./subscribe-button.tsx').then((m) => ({ default: m.SubscribeButton })));
/** A visitor's form, loaded once the browser is idle: a reader signed in never needs it. */
const SubscribeForm = lazy(() => import('./subscribe-form.tsx').then((m) => ({ default: m.SubscribeForm })));

/**
 * The profile's Subscribe by e-mail: a button for a signed-in reader (their account's address,
 * at once), an address field for a visitor (who confirms from a mail). Shown once the page has
 * hydrated, as only the browser knows the session; a visitor's form once the browser is idle.
 */
export function SubscribeControl({ username }: { username: string }) {
  const hydrated = useHydrated();
  const idle = useIdle();
  const { session } = useSession();
  if (!hydrated || (!session && !idle)) return null;
  return (
    <Suspense>{session ? <SubscribeButton username={username} /> : <SubscribeForm username={username} />}</Suspense>
  );
}

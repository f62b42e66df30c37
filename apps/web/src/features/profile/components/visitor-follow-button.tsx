import { FollowMessages } from '@inkwell/contracts';
import { useHydrated } from '../../../lib/hydration.ts';
import { notifyError } from '../../../lib/notify.ts';

/**
 * Follow, as a visitor has it: it only says to log in, as FollowButton does to a visitor. A profile
 * loads the member's button (and its calls) once a session shows; meanwhile this one stands, `waiting`.
 */
export function VisitorFollowButton({ username, waiting = false }: { username: string; waiting?: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-label={`Follow @${username}`}
      className="btn-dark w-fit"
      // Before hydration a press would be lost.
      disabled={!hydrated || waiting}
      onClick={() => notifyError(FollowMessages.loginToFollow)}
    >
      Follow
    </button>
  );
}

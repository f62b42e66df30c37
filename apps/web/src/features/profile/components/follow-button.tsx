import { useHydrated } from '../../../lib/hydration.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFollow } from '../api/follow.ts';

/** Follow / Following for `username` (useFollow; nothing on one's own blogs and profile). */
export function FollowButton({ username }: { username: string }) {
  const { session } = useSession();
  const hydrated = useHydrated();
  const follow = useFollow(username);
  if (session?.username.toLowerCase() === username.toLowerCase()) return null;
  const label = follow.on ? 'Following' : 'Follow';

  return (
    <button
      type="button"
      aria-label={`${label} @${username}`}
      className={`w-fit ${follow.on ? 'btn-light' : 'btn-dark'}`}
      // Before hydration a press would be lost.
      disabled={!hydrated || follow.busy}
      onClick={follow.toggle}
    >
      {label}
    </button>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FollowMessages, type UserProfile } from '@inkwell/contracts';
import { useHydrated } from '../../../lib/hydration.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.tsx';
import { followUser, isFollowingQuery } from '../api/follow.ts';
import { profileQuery } from '../api/get-profile.ts';

/**
 * Follow / Following for `username` (nothing on one's own blogs and profile). As the like button:
 * the state and the author's count of followers (when their profile is loaded) change at once,
 * then the change is sent; if the server refuses, both go back and its reason is shown. Signed
 * out, pressing it only says to log in.
 */
export function FollowButton({ username }: { username: string }) {
  const { session } = useSession();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const self = session?.username.toLowerCase() === username.toLowerCase();
  const followingOptions = isFollowingQuery(username, session?.username ?? '');
  // Nobody follows themselves: the server would refuse the question.
  const followingQuery = useQuery({ ...followingOptions, enabled: session !== null && !self });
  const following = followingQuery.data ?? false;
  const profileKey = profileQuery(username).queryKey;

  const show = (isFollowing: boolean, followers: number | undefined) => {
    queryClient.setQueryData(followingOptions.queryKey, isFollowing);
    if (followers === undefined) return;
    queryClient.setQueryData<UserProfile>(
      profileKey,
      (old) => old && { ...old, account_info: { ...old.account_info, total_followers: followers } },
    );
  };

  const toggle = useMutation({
    mutationFn: (isFollowing: boolean) => followUser(username, isFollowing),
    onMutate: (isFollowing) => {
      const before = {
        following: isFollowing,
        followers: queryClient.getQueryData<UserProfile>(profileKey)?.account_info.total_followers,
      };
      show(!isFollowing, before.followers === undefined ? undefined : before.followers + (isFollowing ? -1 : 1));
      return before;
    },
    onSuccess: (answer) => {
      show(answer.following, answer.total_followers);
      // The reader's own profile counts whom they follow.
      if (session) void queryClient.invalidateQueries({ queryKey: profileQuery(session.username).queryKey });
    },
    onError: (error, _isFollowing, before) => {
      if (before) show(before.following, before.followers);
      notifyError(error.message);
    },
  });

  if (self) return null;

  const onClick = () => {
    if (!session) return notifyError(FollowMessages.loginToFollow);
    toggle.mutate(following);
  };
  const label = following ? 'Following' : 'Follow';

  return (
    <button
      type="button"
      aria-label={`${label} @${username}`}
      className={`w-fit ${following ? 'btn-light' : 'btn-dark'}`}
      // Until the server says whether the reader follows, a press could send the wrong state; before hydration it would be lost.
      disabled={!hydrated || toggle.isPending || followingQuery.isLoading}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

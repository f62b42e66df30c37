import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { FollowMessages, type UserProfile } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useOptimisticToggle } from '../../../lib/use-optimistic-toggle.ts';
import { useSession } from '../../../lib/session.tsx';
import { profileQuery } from './get-profile.ts';

/** Whether the signed-in reader follows `username`; keyed by reader, so another sign-in asks again. */
export const isFollowingQuery = (username: string, reader: string) =>
  queryOptions({
    queryKey: ['following', username.toLowerCase(), reader],
    queryFn: ({ signal }) =>
      api('/api/user/is-following', { body: { username }, auth: true, signal }).then((r) => r.result),
  });

/** Sets the follow to the opposite of `isFollowing`; answers the follow and the author's new count of followers. */
export const followUser = (username: string, isFollowing: boolean) =>
  api('/api/user/follow', { body: { username, isFollowing }, auth: true });

/**
 * Following `username`, as a like: the follow and the author's count of followers (when their
 * profile is loaded) change at once, then the change is sent; if the server refuses, both go back
 * and its reason is shown. Signed out, it only says to log in.
 */
export function useFollow(username: string) {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const profileKey = profileQuery(username).queryKey;
  const showFollowers = (followers: number) =>
    queryClient.setQueryData<UserProfile>(
      profileKey,
      (old) => old && { ...old, account_info: { ...old.account_info, total_followers: followers } },
    );
  return useOptimisticToggle({
    state: (reader) => isFollowingQuery(username, reader),
    // Nobody follows themselves: the server would refuse the question.
    enabled: session?.username.toLowerCase() !== username.toLowerCase(),
    loginMessage: FollowMessages.loginToFollow,
    send: (isFollowing) => followUser(username, isFollowing),
    isOn: (answer) => answer.following,
    change: (following) => {
      const followers = queryClient.getQueryData<UserProfile>(profileKey)?.account_info.total_followers;
      if (followers === undefined) return undefined;
      showFollowers(followers + (following ? 1 : -1));
      return () => showFollowers(followers);
    },
    settle: (answer) => {
      showFollowers(answer.total_followers);
      // The reader's own profile counts whom they follow.
      if (session) void queryClient.invalidateQueries({ queryKey: profileQuery(session.username).queryKey });
    },
  });
}

import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

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

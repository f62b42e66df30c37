import { z } from 'zod';

/** Texts of following, which SPEC.md leaves to us. */
export const FollowMessages = {
  /** What a visitor hears on pressing Follow, as a like says 'Please login to like the blog'. */
  loginToFollow: 'Please login to follow',
  cannotFollowSelf: 'You cannot follow yourself',
  userNotFound: 'User not found',
  tooManyFollows: 'Too many follows',
  /** The following tab with nobody followed, or nothing published by those followed. */
  nothingFollowed: 'Follow writers to see their new blogs here',
  fetchFollowingFailed: 'Failed to fetch blogs of the writers you follow',
} as const;

/** `POST /api/user/follow` (A): following becomes the opposite of isFollowing, the caller's current state. */
export const FollowBody = z.object({ username: z.string().max(200), isFollowing: z.boolean() });
export type FollowBody = z.infer<typeof FollowBody>;
export const FollowResponse = z.object({ following: z.boolean(), total_followers: z.number() });
export type FollowResponse = z.infer<typeof FollowResponse>;

/** `POST /api/user/is-following` (A): whether the caller follows `username`. */
export const IsFollowingBody = z.object({ username: z.string().max(200) });
export type IsFollowingBody = z.infer<typeof IsFollowingBody>;
export const IsFollowingResponse = z.object({ result: z.boolean() });

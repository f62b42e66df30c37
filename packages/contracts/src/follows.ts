import { z } from 'zod';

/** `POST /api/user/follow` (A): following becomes the opposite of isFollowing, the caller's current state. */
export const FollowBody = z.object({ username: z.string().max(200), isFollowing: z.boolean() });
export type FollowBody = z.infer<typeof FollowBody>;
export const FollowResponse = z.object({ following: z.boolean(), total_followers: z.number() });
export type FollowResponse = z.infer<typeof FollowResponse>;

/** `POST /api/user/is-following` (A): whether the caller follows `username`. */
export const IsFollowingBody = z.object({ username: z.string().max(200) });
export type IsFollowingBody = z.infer<typeof IsFollowingBody>;
export const IsFollowingResponse = z.object({ result: z.boolean() });

/** Texts of following (zod-free, so the reading pages that show them load no schema). */
export const FollowMessages = {
  /** What a visitor hears on pressing Follow, as a like says 'Please login to like the blog'. */
  loginToFollow: 'Please login to follow',
  tooManyFollows: 'Too many follows',
  /** The following tab with nobody followed, or nothing published by those followed. */
  nothingFollowed: 'Follow writers to see their new blogs here',
  fetchFollowingFailed: 'Failed to fetch blogs of the writers you follow',
} as const;

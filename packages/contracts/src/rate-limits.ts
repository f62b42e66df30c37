/**
 * What a 429 says, before the server adds when to try again, for the limits whose words are not
 * with their feature's texts (AuthMessages, CommentMessages).
 */
export const RateLimitMessages = {
  tooManyLikes: 'Too many likes',
  tooManyBookmarks: 'Too many bookmarks',
  tooManyLinkPreviews: 'Too many link previews',
  tooManyUploads: 'Too many uploads',
  tooManyImports: 'Too many imports',
  tooManyPasswordChanges: 'Too many password change attempts',
  tooManyAccountDeletions: 'Too many attempts to delete the account',
  tooManyBlocks: 'Too many blocks',
  tooManyReports: 'Too many reports',
  tooManyExports: 'Too many downloads of your data',
  tooManyChallenges: 'Too many checks that you are not a robot asked for',
} as const;

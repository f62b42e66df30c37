import {
  AuthMessages,
  CommentMessages,
  FollowMessages,
  RateLimitMessages,
  SubscriptionMessages,
  VerificationMessages,
} from '@inkwell/contracts';

const minutes = (n: number) => n * 60;

/** The share of each per-account limit an account younger than a day gets, where the site limits young accounts (its setting). */
export const YOUNG_ACCOUNT_SHARE = 0.2;

export interface RateLimitRule {
  /** Whose requests count together: the client's address, the signed-in user, or the e-mail in the body. */
  per: 'ip' | 'user' | 'email';
  /** Requests allowed in a window (multiplied by RATE_LIMIT_MULTIPLIER). */
  limit: number;
  windowSeconds: number;
  /** The start of the 429's message (the server adds when to try again). */
  message: string;
  /** Counts attempts since the last success: forgotten as soon as a request succeeds. */
  forgetOnSuccess?: true;
}

/**
 * Every rate limit, by the name a route gives in `config: { rateLimits: [...] }` (enforced in that
 * order by plugins/rate-limits.ts). Per-IP limits are generous because a school or office shares one
 * address; per-account limits stop guessing. Windows are fixed and short, so an attacker can delay
 * an owner but never lock them out for long.
 */
export const RATE_LIMITS = {
  signInPerIp: { per: 'ip', limit: 100, windowSeconds: minutes(15), message: AuthMessages.tooManySignIns },
  signInPerAccount: {
    per: 'email',
    limit: 10,
    windowSeconds: minutes(15),
    message: AuthMessages.tooManySignIns,
    forgetOnSuccess: true,
  },
  signUpPerIp: { per: 'ip', limit: 100, windowSeconds: minutes(60), message: AuthMessages.tooManySignUps },
  signUpPerEmail: { per: 'email', limit: 5, windowSeconds: minutes(60), message: AuthMessages.tooManySignUps },
  googlePerIp: { per: 'ip', limit: 100, windowSeconds: minutes(15), message: AuthMessages.tooManySignIns },
  forgotPerIp: { per: 'ip', limit: 20, windowSeconds: minutes(60), message: AuthMessages.tooManyResets },
  /** Keeps anyone from flooding a mailbox with reset mails. */
  forgotPerEmail: { per: 'email', limit: 3, windowSeconds: minutes(60), message: AuthMessages.tooManyResets },
  resetPerIp: { per: 'ip', limit: 20, windowSeconds: minutes(60), message: AuthMessages.tooManyResets },
  verifyEmailPerIp: {
    per: 'ip',
    limit: 20,
    windowSeconds: minutes(60),
    message: VerificationMessages.tooManyConfirmations,
  },
  /** A member asks for their confirmation link again: enough for a lost mail, too few to flood a mailbox. */
  resendVerification: {
    per: 'user',
    limit: 5,
    windowSeconds: minutes(60),
    message: VerificationMessages.tooManyMails,
  },
  /** Password guesses through a stolen session are slowed down. */
  changePassword: {
    per: 'user',
    limit: 10,
    windowSeconds: minutes(15),
    message: RateLimitMessages.tooManyPasswordChanges,
  },
  /** Password guesses through a stolen session, as sign-in's per account: deleting asks for the password too. */
  deleteAccount: {
    per: 'user',
    limit: 10,
    windowSeconds: minutes(15),
    message: RateLimitMessages.tooManyAccountDeletions,
  },
  /** Enough for a lively conversation, too few for a flood. */
  comment: { per: 'user', limit: 10, windowSeconds: 60, message: CommentMessages.tooManyComments },
  /** Far more than anyone clicks a heart, too few to churn counters and notifications. */
  like: { per: 'user', limit: 30, windowSeconds: 60, message: RateLimitMessages.tooManyLikes },
  /** As generous as likes: saving is as quick a click. */
  bookmark: { per: 'user', limit: 30, windowSeconds: 60, message: RateLimitMessages.tooManyBookmarks },
  /** As likes: each follow moves two users' counters, and a flood of them would churn them. */
  follow: { per: 'user', limit: 30, windowSeconds: 60, message: FollowMessages.tooManyFollows },
  /** As follows: a block may end two follows, and each empties the read cache. */
  block: { per: 'user', limit: 30, windowSeconds: 60, message: RateLimitMessages.tooManyBlocks },
  /** More than anyone reports in earnest, too few to flood the staff's queue and notifications. */
  report: { per: 'user', limit: 10, windowSeconds: minutes(10), message: RateLimitMessages.tooManyReports },
  /** Each preview makes this server fetch someone else's page. */
  linkPreview: { per: 'user', limit: 120, windowSeconds: minutes(60), message: RateLimitMessages.tooManyLinkPreviews },
  /** Every image a user has this server store counts: uploads, and copies of images from elsewhere. */
  upload: { per: 'user', limit: 60, windowSeconds: minutes(60), message: RateLimitMessages.tooManyUploads },
  /** An import reads a whole export (up to 50 MB) and writes every post in it: a few an hour is plenty for a move. */
  importUpload: { per: 'user', limit: 10, windowSeconds: minutes(60), message: RateLimitMessages.tooManyImports },
  /** A download of everything a member wrote, or of the whole site, reads much: enough for a retry or two. */
  dataExport: { per: 'user', limit: 5, windowSeconds: minutes(60), message: RateLimitMessages.tooManyExports },
  /** Each challenge costs the server a key to make and a row to spend; a form needs one, and a new one after each refusal. */
  challengePerIp: { per: 'ip', limit: 300, windowSeconds: minutes(60), message: RateLimitMessages.tooManyChallenges },
  subscribePerIp: { per: 'ip', limit: 60, windowSeconds: minutes(60), message: SubscriptionMessages.tooManySubscribes },
  /** A visitor's address is mailed a confirmation: nobody floods a mailbox through the subscribe form. */
  subscribePerEmail: {
    per: 'email',
    limit: 5,
    windowSeconds: minutes(60),
    message: SubscriptionMessages.tooManySubscribes,
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

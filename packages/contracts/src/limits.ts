/** Business constants and the server's limits, page sizes included (docs/product/rules.md). */
export const Limits = {
  fullnameMin: 3,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 20,
  descriptionMax: 200,
  bioMax: 150,
  maxTags: 10,
  tagMax: 50,
  titleMax: 200,
  commentMax: 2000,
  similarBlogs: 6,
  pageSize: 10,
  commentsPageSize: 10,
  notificationsPageSize: 10,
  trendingSize: 10,
  searchUsersMax: 50,
  searchQueryMax: 200,
  uploadMaxBytes: 10 * 1024 * 1024,
  staffPageSize: 20,
  moderationReasonMax: 1000,
  /** Why an applicant wants to join a site that reviews who joins. */
  applicationReasonMax: 1000,
  /** An invitation link lasts at most this many days, and opens at most this many accounts. */
  inviteDaysMax: 90,
  inviteUsesMax: 1000,
  /** What a reader adds to a report, beside its reason. */
  reportWordsMax: 1000,
  /** A domain to block as typed: a host, or an address pasted whole. */
  domainInputMax: 2000,
} as const;

export const SESSION_KEY = 'user';
export const DROPDOWN_CLOSE_MS = 200;
export const LOGIN_TOAST_DELAY_MS = 1000;
export const REDIRECT_AFTER_SAVE_MS = 500;
export const TOAST_DURATIONS = { error: 4000, blank: 4000, success: 2000 } as const;
export const MAX_TOASTS = 20;

export const TOPIC_TAGS = [
  'programming',
  'hollywood',
  'film making',
  'social media',
  'cooking',
  'tech',
  'finance',
  'travel',
] as const;

/** docs/product/rules.md's filters, and new_blog: a followed author's new blog. */
export const NOTIFICATION_FILTERS = ['all', 'like', 'comment', 'reply', 'new_blog'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

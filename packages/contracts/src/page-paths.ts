/*
 * The addresses of the site's pages and feeds, written once for the server (links in feeds,
 * sitemaps, share tags, mails and the fediverse) and the web app (its links). Pure functions, no
 * zod: the web app imports them at start-up.
 */

/** A blog's page: the address readers, feeds, sitemaps, mails and the fediverse link to. */
export const blogPath = (blogId: string) => `/blog/${encodeURIComponent(blogId)}`;

/** A user's profile page. */
export const profilePath = (username: string) => `/user/${encodeURIComponent(username)}`;

/** The search results for a query; a tag's page is the search for it. */
export const searchPath = (query: string) => `/search/${encodeURIComponent(query)}`;

/** The home page's list of one topic (`/?tag=…`); none is home itself. */
export const topicPath = (tag: string | null) => (tag ? `/?${new URLSearchParams({ tag })}` : '/');

/** The editor of the author's blog. */
export const editorPath = (blogId: string) => `/editor/${encodeURIComponent(blogId)}`;

/** A draft's secret preview, for a token. */
export const previewPath = (token: string) => `/preview/${token}`;

/** Where a mailed link points, for a token. */
export const resetPasswordPath = (token: string) => `/reset-password/${token}`;
export const confirmSubscriptionPath = (token: string) => `/subscribe/confirm/${token}`;
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;
export const verifyEmailPath = (token: string) => `/verify-email/${token}`;
/** The signed-in member's notifications, where mails about staff actions send them. */
export const NOTIFICATIONS_PATH = '/dashboard/notification';
/** Where an applicant the staff approved signs in. */
export const SIGN_IN_PATH = '/signin';

/** Each feed comes in three formats, at the same three file names under its subject's path. */
export const FEED_FORMATS = {
  atom: { file: 'feed.xml', type: 'application/atom+xml', label: 'Atom' },
  json: { file: 'feed.json', type: 'application/feed+json', label: 'JSON Feed' },
  rss: { file: 'rss.xml', type: 'application/rss+xml', label: 'RSS' },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;

/** Whose blogs a feed holds: the whole site's, one author's or one tag's. */
export type FeedSubject = { kind: 'site' } | { kind: 'author'; username: string } | { kind: 'tag'; tag: string };

/** The path the subject's feeds live under: `` (the site), `/user/<username>` or `/tag/<tag>`. */
function feedSubjectPath(subject: FeedSubject): string {
  switch (subject.kind) {
    case 'site':
      return '';
    case 'author':
      return profilePath(subject.username);
    case 'tag':
      return `/tag/${encodeURIComponent(subject.tag)}`;
  }
}

/** A subject's feed in one format, e.g. `/user/ada/feed.xml`. */
export const feedPath = (subject: FeedSubject, format: FeedFormat) =>
  `${feedSubjectPath(subject)}/${FEED_FORMATS[format].file}`;

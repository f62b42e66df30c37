import { SITE_NAME } from '../../site-origin.ts';
import type { AlternateLink } from '../web/index.ts';

/** Each feed comes in three formats, at the same three file names under its subject's path. */
export const FEED_FORMATS = {
  atom: { file: 'feed.xml', type: 'application/atom+xml', label: 'Atom' },
  json: { file: 'feed.json', type: 'application/feed+json', label: 'JSON Feed' },
  rss: { file: 'rss.xml', type: 'application/rss+xml', label: 'RSS' },
} as const;
export type FeedFormat = keyof typeof FEED_FORMATS;
const ALL_FORMATS = Object.keys(FEED_FORMATS) as FeedFormat[];

/** Whose blogs a feed holds: the whole site's, one author's or one tag's. */
export type FeedSubject = { kind: 'site' } | { kind: 'author'; username: string } | { kind: 'tag'; tag: string };

/** The path the subject's feeds live under: `` (the site), `/user/<username>` or `/tag/<tag>`. */
function subjectPath(subject: FeedSubject): string {
  switch (subject.kind) {
    case 'site':
      return '';
    case 'author':
      return `/user/${encodeURIComponent(subject.username)}`;
    case 'tag':
      return `/tag/${encodeURIComponent(subject.tag)}`;
  }
}

export const feedPath = (subject: FeedSubject, format: FeedFormat) =>
  `${subjectPath(subject)}/${FEED_FORMATS[format].file}`;

/** `<link rel="alternate">` autodiscovery of a subject's feeds, named as a feed reader lists them. */
export function feedLinks(
  subject: FeedSubject,
  title: string,
  absolute: (path: string) => string,
  formats = ALL_FORMATS,
): AlternateLink[] {
  return formats.map((format) => ({
    type: FEED_FORMATS[format].type,
    title: `${title} (${FEED_FORMATS[format].label})`,
    href: absolute(feedPath(subject, format)),
  }));
}

export const siteFeedLinks = (absolute: (path: string) => string) => feedLinks({ kind: 'site' }, SITE_NAME, absolute);
export const authorFeedTitle = (fullname: string, username: string) => `${fullname} (@${username}) on ${SITE_NAME}`;
export const tagFeedTitle = (tag: string) => `#${tag} on ${SITE_NAME}`;

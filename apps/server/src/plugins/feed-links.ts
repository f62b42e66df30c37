import { FEED_FORMATS, feedPath, type FeedFormat, type FeedSubject } from '@inkwell/contracts';
import type { AlternateLink } from './page-tags.ts';

const ALL_FORMATS = Object.keys(FEED_FORMATS) as FeedFormat[];

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

export const siteFeedLinks = (absolute: (path: string) => string, siteName: string) =>
  feedLinks({ kind: 'site' }, siteName, absolute);
export const authorFeedTitle = (fullname: string, username: string, siteName: string) =>
  `${fullname} (@${username}) on ${siteName}`;
export const tagFeedTitle = (tag: string, siteName: string) => `#${tag} on ${siteName}`;

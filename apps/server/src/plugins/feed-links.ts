import { FEED_FORMATS, feedPath, type FeedFormat, type FeedSubject } from '@inkwell/contracts';
import { SITE_NAME } from '../site-origin.ts';
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

export const siteFeedLinks = (absolute: (path: string) => string) => feedLinks({ kind: 'site' }, SITE_NAME, absolute);
export const authorFeedTitle = (fullname: string, username: string) => `${fullname} (@${username}) on ${SITE_NAME}`;
export const tagFeedTitle = (tag: string) => `#${tag} on ${SITE_NAME}`;

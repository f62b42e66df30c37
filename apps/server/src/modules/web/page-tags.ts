import type { FastifyRequest } from 'fastify';

export const PAGE_MISSING = 'missing';

/**
 * What a module makes of a page request: null when the path is not one of its pages, the share
 * tags of the page, or PAGE_MISSING when its subject does not exist (the page answers 404).
 */
export type PageTagsResolver = (request: FastifyRequest) => Promise<PageTags | typeof PAGE_MISSING | null>;

export interface PageTags {
  title: string;
  description: string;
  image?: string | undefined;
  url: string;
  /** og:type; `website` when left out. */
  type?: 'website' | 'article' | 'profile';
  /** More Open Graph properties, in order, such as `['article:tag', 'tea']`. */
  properties?: [string, string][];
  /** The page's own feeds, for autodiscovery (the site's feeds are on every page). */
  feeds?: AlternateLink[];
  /** schema.org data about the page, written as JSON-LD. */
  jsonLd?: object;
}

/** A `<link rel="alternate">` to a feed of the page. */
export interface AlternateLink {
  type: string;
  title: string;
  href: string;
}

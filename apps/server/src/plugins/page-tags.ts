import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SiteIdentity } from '@inkwell/contracts';
import { absoluteUrl, siteOrigin } from '../site-origin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Modules add a resolver to put share tags into the SPA's HTML for their pages, or to answer 404 for a missing one. */
    pageTagResolvers: PageTagsResolver[];
    /** Modules add what else a page is, found at another address (the fediverse's document of a blog or a profile). */
    pageAlternates: PageAlternatesResolver[];
  }
}

export const PAGE_MISSING = 'missing';

/**
 * What a module makes of a page request: null when the path is not one of its pages, the share
 * tags of the page, or PAGE_MISSING when its subject does not exist (the page answers 404).
 */
export type PageTagsResolver = (request: FastifyRequest) => Promise<PageTags | typeof PAGE_MISSING | null>;

export interface PageTags {
  title: string;
  description: string;
  image?: ShareImage | undefined;
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

/** The picture a link preview shows: its absolute URL, type and size when known, and what it shows in words. */
export interface ShareImage {
  url: string;
  type?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  alt: string;
}

/** The page's other representations, each a `<link rel="alternate">` of its head; none for a path that is not its module's. */
export type PageAlternatesResolver = (request: FastifyRequest) => Promise<AlternateLink[]>;

/** A `<link rel="alternate">` to a feed of the page, or another representation of it. */
export interface AlternateLink {
  type: string;
  title: string;
  href: string;
}

/** The one decoded parameter of a page path such as /blog/{blog_id}, or null for any other path. */
export function pageParam(url: string, section: string): string | null {
  const match = new RegExp(`^/${section}/([^/?#]+)/?(?:[?#]|$)`).exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Share tags for the pages /{section}/{param}: `find` looks the thing up (undefined: no such page),
 * `tags` describes it, with `absolute` making a path or URL absolute, as crawlers read them out of
 * context, and the site's identity (its name in titles and feeds).
 */
export function pageTagsResolver<T>(
  app: FastifyInstance,
  section: string,
  find: (param: string) => Promise<T | undefined>,
  tags: (found: T, absolute: (pathOrUrl: string) => string, site: SiteIdentity) => PageTags,
): PageTagsResolver {
  return async (request) => {
    const param = pageParam(request.url, section);
    if (param === null) return null;
    const found = await find(param);
    if (found === undefined) return PAGE_MISSING;
    const origin = siteOrigin(app, request);
    return tags(found, (pathOrUrl) => absoluteUrl(origin, pathOrUrl), await app.siteIdentity());
  };
}

/** The lists of resolvers the reading pages ask, in the order modules add theirs (modules/web). */
export function registerPageTags(app: FastifyInstance) {
  app.decorate('pageTagResolvers', []);
  app.decorate('pageAlternates', []);
}

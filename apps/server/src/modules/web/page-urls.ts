import type { FastifyInstance } from 'fastify';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import { PAGE_MISSING, type PageTags, type PageTagsResolver } from './page-tags.ts';

/** The one decoded parameter of a page path such as /blog/{blog_id}, or null for any other path. */
export function pageParam(url: string, section: string): string | null {
  const match = new RegExp(`^/${section}/([^/?#]+)/?(?:[?#]|$)`).exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Share tags for the pages /{section}/{param}: `find` looks the thing up (undefined: no such page),
 * `tags` describes it, with `absolute` making a path or URL absolute, as crawlers read them out of context.
 */
export function pageTagsResolver<T>(
  app: FastifyInstance,
  section: string,
  find: (param: string) => Promise<T | undefined>,
  tags: (found: T, absolute: (pathOrUrl: string) => string) => PageTags,
): PageTagsResolver {
  return async (request) => {
    const param = pageParam(request.url, section);
    if (param === null) return null;
    const found = await find(param);
    if (found === undefined) return PAGE_MISSING;
    const origin = siteOrigin(app, request);
    return tags(found, (pathOrUrl) => absoluteUrl(origin, pathOrUrl));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The site's public origin: PUBLIC_URL, or else the address the request came to. */
export const siteOrigin = (app: FastifyInstance, request: FastifyRequest) => app.config.publicUrl ?? `${request.protocol}://${request.host}`;

/** A path (or an already absolute URL) made absolute for share tags, which crawlers read out of context. */
export const absoluteUrl = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;

/** The one decoded parameter of a page path such as /blog/{blog_id}, or null for any other path. */
export function pageParam(url: string, section: string): string | null {
  const match = new RegExp(`^/${section}/([^/?#]+)/?(?:[?#]|$)`).exec(url);
  return match ? decodeURIComponent(match[1]!) : null;
}

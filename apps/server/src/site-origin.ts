import { webUrl } from '@inkwell/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The site's public origin: PUBLIC_URL, or else the address the request came to. Only PUBLIC_URL
 * may go into a mail (the config insists on it with SMTP_URL): a link built from the Host header
 * of a stranger's request would send the reader, and any token in it, to the stranger's host.
 */
export const siteOrigin = (app: FastifyInstance, request: FastifyRequest) =>
  app.config.publicUrl ?? requestOrigin(request);

/** The address a request came to, from its Host header: good for recognising our own URLs, never for a mail. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A path of ours (or an outside URL, kept as it is) as an absolute URL on the origin: crawlers and feed readers read links out of context. */
export const absoluteUrl = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, `${origin}/`).href;

/** A path on this site (`/uploads/…`); `//host/…` is another site's, relative to the scheme. */
export const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * The path on this site that `url` names: `url` itself when it is a path, or the rest of an absolute
 * URL under one of `sites` (PUBLIC_URL, the address a request came to); null for an outside address.
 */
export function pathOnSite(url: string, sites: string[]): string | null {
  if (isSitePath(url)) return url;
  const absolute = webUrl(url)?.href;
  for (const site of sites) {
    const base = webUrl(site)?.href.replace(/\/$/, '');
    if (absolute && base && absolute.startsWith(`${base}/`)) return absolute.slice(base.length);
  }
  return null;
}

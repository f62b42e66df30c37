import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import { siteFeedLinks } from '../discovery/feed-urls.ts';
import { injectHead } from './head-tags.ts';

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

/**
 * Serves the built SPA: hashed assets cached for ever, index.html never cached. Not a
 * plugin of its own, so `sendSpa` is seen by the not-found handler of the root.
 */
export async function registerWeb(app: FastifyInstance) {
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, file) =>
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : file.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600',
        ),
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : null;

  app.decorate('sendSpa', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    let tags: PageTags | null = null;
    let status = 200;
    for (const resolver of app.pageTagResolvers) {
      const page = await resolver(request).catch(() => null);
      if (page === null) continue;
      // A missing page is still the app, whose router shows 'Page not found'; the status tells crawlers and scripts.
      if (page === PAGE_MISSING) status = 404;
      else tags = page;
      break;
    }
    const origin = siteOrigin(app, request);
    const html = injectHead(indexHtml, tags, siteFeedLinks((path) => absoluteUrl(origin, path)));
    return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}

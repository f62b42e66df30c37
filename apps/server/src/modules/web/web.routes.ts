import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { loadingOnce } from '../../db/read-once.ts';
import { readingCalls, type ReadingCall } from './reading-calls.ts';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import { PREVIEW_HEADERS } from '../preview-links/index.ts';
import { iconLinks } from '../identity/index.ts';
import { blogOfOldAddress } from '../imports/index.ts';
import { readBlogPageAhead } from '../blog-lists/index.ts';
import { encodeAnswer } from '../../plugins/image-urls.ts';
import { blogPath, SiteIdentity } from '@inkwell/contracts';
import { pageTemplate, siteHeadTags } from './head-tags.ts';
import { errorResponses } from '../../http-error.ts';
import { siteFeedLinks } from '../../plugins/feed-links.ts';
import { PAGE_MISSING, pageParam, type PageTags } from '../../plugins/page-tags.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';

/** Paths that are never pages: a file that is not there, or an API call, is a JSON 404. */
const NOT_PAGES = /^\/(?:assets\/|uploads\/|api(?:\/|$))/;

const SEARCH_PAGE = '/search/:query';
/** The reading pages rendered on the server (docs/product/screens.md): the web app's routes of the same paths. */
const READING_PAGES = ['/', '/blog/:blog_id', '/user/:username', SEARCH_PAGE];

/** Every other path: the app's other pages (never cached) and what no page names (a 404, or an old address's 301). */
const CATCH_ALL = '/*';

/** A draft's preview, rendered like a reading page but for the link's holder alone: never cached nor indexed. */
const PREVIEW_PAGE = '/preview/:token';

/**
 * Pages search engines must not index, by route: a draft's preview, nor its links; a search's results, endless
 * and thin, whose links (blogs, profiles) are worth following to pages that are indexed.
 */
const ROBOTS: Record<string, string> = {
  [PREVIEW_PAGE]: 'noindex, nofollow',
  [SEARCH_PAGE]: 'noindex, follow',
};

/** What the web app's server build exports (apps/web/src/entry-server.tsx). */
interface PageRenderer {
  renderPage(
    pathAndQuery: string,
    call: ReadingCall,
  ): Promise<{ status: number; html: string; stateScript: string | null } | null>;
}

/**
 * Serves the built SPA: hashed assets cached for ever, index.html never cached. Scripts and
 * styles go out as the build compressed them (`.br`/`.gz` beside each, `Vary: Accept-Encoding`).
 * Registered with fastify-plugin's semantics (web/index.ts), so `sendSpa` is the app's own, seen by every module.
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
      preCompressed: true,
      setHeaders: (res, file) =>
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : file.endsWith('index.html')
              ? 'no-cache'
              : 'public, max-age=3600',
        ),
    });
  }
  // The server renderer is built beside the app (`npm run build`); without it every page is the SPA.
  const rendererFile = path.join(`${dist}-server`, 'entry-server.js');
  const renderer =
    hasBuild && existsSync(rendererFile) ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer) : null;

  const fillPage = hasBuild ? pageTemplate(readFileSync(indexFile, 'utf8')) : null;

  // The site's part of every head, made again only when the identity or the origin changes.
  let siteHead: { site: SiteIdentity; origin: string; tags: string } | null = null;
  function siteTags(request: FastifyRequest, site: SiteIdentity) {
    const origin = siteOrigin(app, request);
    if (siteHead?.site !== site || siteHead.origin !== origin) {
      const tags = siteHeadTags({
        site,
        answered: encodeAnswer(app, request, SiteIdentity, site),
        icons: iconLinks(site),
        feeds: siteFeedLinks((path) => absoluteUrl(origin, path), site.name),
      });
      siteHead = { site, origin, tags };
    }
    return siteHead.tags;
  }

  /**
   * What a page puts in index.html's head (the site's feeds on every page), and its status: 404
   * when its subject does not exist. A page whose tags cannot be read goes without them, unless the
   * database is unavailable: then the page fails as an API call would (503, Retry-After).
   */
  async function pageHead(request: FastifyRequest) {
    let tags: PageTags | null = null;
    let status = 200;
    for (const resolver of app.pageTagResolvers) {
      const page = await resolver(request).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) throw error;
        return null;
      });
      if (page === null) continue;
      // A missing page is still the app, whose router shows 'Page not found'; the status tells crawlers and scripts.
      if (page === PAGE_MISSING) status = 404;
      else tags = page;
      break;
    }
    const alternates = status === 200 ? await Promise.all(app.pageAlternates.map((resolve) => resolve(request))) : [];
    const site = await app.siteIdentity();
    const head = {
      site,
      siteTags: siteTags(request, site),
      tags,
      alternates: alternates.flat(),
      robots: ROBOTS[request.routeOptions.url ?? ''],
    };
    return { head, status };
  }

  const sendHtml = (reply: FastifyReply, status: number, html: string | Buffer) => {
    if (reply.request.routeOptions.url === CATCH_ALL) reply.keepOutOfReadCache();
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .headers(reply.request.routeOptions.url === PREVIEW_PAGE ? PREVIEW_HEADERS : {})
      .send(html);
  };

  // Any other GET may be a page of the web app, and only its router knows them all: the renderer
  // answers a path none of its routes names with the app's “Page not found” and 404 (a scanner's
  // /backup.sql), or with a 301 when it is an imported post's old address, and the app's other
  // pages with the app. Files and the API answer their own 404. A route, not the not-found handler,
  // so the page is compressed too. Its 301s are kept in the read cache, its pages are not.
  app.get(CATCH_ALL, { config: { anonymousCache: true } }, (request, reply) => {
    if (!NOT_PAGES.test(request.url.split('?')[0]!)) return sendReadingPage(request, reply);
    // A scanner's endless made-up addresses must not fill the cache with 404s, pushing pages out.
    reply.keepOutOfReadCache();
    return reply.callNotFound();
  });

  app.decorate('sendSpa', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fillPage) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    const { head, status } = await pageHead(request);
    return sendHtml(reply, status, fillPage(head));
  });

  const answerReadingCall = readingCalls(app);

  /**
   * Sends a 301 to the blog an imported post's old address names now (modules/imports), kept in the
   * read cache like the page it stands for; answers whether it did.
   */
  async function redirectOldAddress(request: FastifyRequest, reply: FastifyReply) {
    const blogId = await blogOfOldAddress(app.db, request.url);
    if (blogId === undefined) return false;
    await reply.redirect(blogPath(blogId), 301);
    return true;
  }

  /**
   * A reading page, rendered by React into index.html's #root once its data is loaded. The data
   * follows as a JSON block the browser hydrates from. (A path that is no page of the app renders
   * as its “Page not found”; another page of the app is left to the browser.)
   */
  async function sendReadingPage(request: FastifyRequest, reply: FastifyReply) {
    if (!fillPage || !renderer) return app.sendSpa(request, reply);
    // The home page with `?p=42`: WordPress's address of a post by its id.
    if (request.routeOptions.url === '/' && (await redirectOldAddress(request, reply))) return reply;
    // The renderer shows a list it could not load as empty: a database outage must fail the page instead.
    let unavailable: unknown;
    const answer = answerReadingCall(request);
    const call: ReadingCall = (path, body) =>
      answer(path, body).catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) unavailable ??= error;
        throw error;
      });
    const rendering = () =>
      renderer.renderPage(request.url, call).catch((error: unknown) => {
        // The page is still the app, which loads its data itself (and says so if it cannot).
        if (!unavailable) request.log.error(error, 'server rendering failed');
        return null;
      });
    // Side by side, and what both read (a blog, a member) read once; a blog page's two reads in one.
    const [page, { head, status }] = await loadingOnce(() => {
      const blogId = pageParam(request.url, 'blog');
      if (blogId !== null) readBlogPageAhead(app.db, blogId);
      return Promise.all([rendering(), pageHead(request)]);
    });
    if (unavailable) throw unavailable;
    if ((page?.status ?? status) === 404 && (await redirectOldAddress(request, reply))) return reply;
    if (!page) return sendHtml(reply, status, fillPage(head));
    const root = `<div id="root">${page.html}</div>${page.stateScript ?? ''}`;
    // Encoded once, here: sent as a string, a long page was encoded to UTF-8 again on its way out.
    return sendHtml(reply, page.status, Buffer.from(fillPage({ ...head, root })));
  }
  const response = {
    ...errorResponses([]),
    200: nonJsonResponse('The page, rendered on the server, with its data for the app to hydrate from', 'text/html'),
    301: z.null().describe("An imported post's old address (a 404 otherwise): `Location` is its blog's page"),
    404: nonJsonResponse('The app’s “Page not found”: the blog, user or page does not exist', 'text/html'),
  };
  for (const url of READING_PAGES)
    app.get(url, { schema: { response }, config: { anonymousCache: true } }, sendReadingPage);
  app.get(
    PREVIEW_PAGE,
    {
      schema: {
        response: {
          ...response,
          404: nonJsonResponse('The app’s “Page not found”: the link was replaced or revoked', 'text/html'),
        },
      },
    },
    sendReadingPage,
  );
}

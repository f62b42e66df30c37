import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FEED_FORMATS, type FeedFormat, type FeedSubject } from '@inkwell/contracts';
import { z } from 'zod';
import { errorResponses, notFound } from '../../http-error.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { absoluteUrl, siteOrigin } from '../../site-origin.ts';
import { sendWithValidators } from './conditional-get.ts';
import { renderFeed } from './feed-formats.ts';
import { buildFeed } from './feeds.service.ts';
import { homePageTags } from './home-page-tags.ts';
import {
  homeSitemap,
  robotsTxt,
  SITEMAP_HOME_PATH,
  SITEMAP_SECTIONS,
  sitemapIndex,
  sitemapPage,
} from './sitemap.service.ts';

/** Every answer here is the same for everyone until a write changes it: the read cache keeps it. */
const cached = { config: { anonymousCache: true } };

const XML = 'application/xml';
/** The answers of a document served with validators (ETag, Last-Modified): it, or 304 when the reader's copy is current. */
const document = (description: string, type: string, ...errors: 404[]) => ({
  200: nonJsonResponse(description, type),
  304: z.null().describe('Not modified since the copy the reader holds'),
  ...errorResponses(errors),
});

const absoluteFor = (app: FastifyInstance, request: FastifyRequest) => {
  const origin = siteOrigin(app, request);
  return (path: string) => absoluteUrl(origin, path);
};

/** The route each subject's feeds live under (as feedPath writes them), and the subject a matched request names. */
const FEED_ROUTES: { path: string; params?: z.ZodObject; subject: (params: Record<string, string>) => FeedSubject }[] =
  [
    { path: '', subject: () => ({ kind: 'site' }) },
    {
      path: '/user/:username',
      params: z.object({ username: z.string() }),
      subject: ({ username }) => ({ kind: 'author', username: username! }),
    },
    // Tags are stored trimmed and in lower case.
    {
      path: '/tag/:tag',
      params: z.object({ tag: z.string() }),
      subject: ({ tag }) => ({ kind: 'tag', tag: tag!.trim().toLowerCase() }),
    },
  ];

/**
 * How the open web finds the blogs: Atom, JSON Feed and RSS feeds of the site, each author and
 * each tag; the sitemap; robots.txt; and the home page's head tags.
 */
export const discoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const route of FEED_ROUTES) {
    for (const format of Object.keys(FEED_FORMATS) as FeedFormat[]) {
      const { file, label, type } = FEED_FORMATS[format];
      const schema = {
        ...(route.params && { params: route.params }),
        response: document(`The ${label} feed`, type, 404),
      };
      app.get(`${route.path}/${file}`, { ...cached, schema }, async (request, reply) => {
        const { model, listed } = await buildFeed(
          app.db,
          route.subject(request.params as Record<string, string>),
          absoluteFor(app, request),
          await app.siteIdentity(),
        );
        return sendWithValidators(request, reply, { ...renderFeed(model, format), listed });
      });
    }
  }

  app.get(
    '/sitemap.xml',
    { ...cached, schema: { response: document('The sitemap index', XML) } },
    async (request, reply) => sendWithValidators(request, reply, await sitemapIndex(app.db, absoluteFor(app, request))),
  );

  app.get(
    SITEMAP_HOME_PATH,
    { ...cached, schema: { response: document('The home page’s sitemap', XML) } },
    async (request, reply) => sendWithValidators(request, reply, await homeSitemap(app.db, absoluteFor(app, request))),
  );

  for (const section of SITEMAP_SECTIONS) {
    const schema = {
      params: z.object({ page: z.string() }),
      response: document(`A page of the sitemap of ${section}`, XML, 404),
    };
    app.get(`/sitemap-${section}-:page(^[0-9]{1,9}).xml`, { ...cached, schema }, async (request, reply) => {
      const number = Number(request.params.page);
      const page = number >= 1 ? await sitemapPage(app.db, section, number, absoluteFor(app, request)) : null;
      if (!page) throw notFound();
      return sendWithValidators(request, reply, page);
    });
  }

  app.get(
    '/robots.txt',
    { ...cached, schema: { response: document('Where crawlers may go, and the sitemap', 'text/plain') } },
    async (request, reply) => sendWithValidators(request, reply, robotsTxt(absoluteFor(app, request))),
  );

  app.pageTagResolvers.push(homePageTags(app));
};

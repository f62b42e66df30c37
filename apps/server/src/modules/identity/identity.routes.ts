import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SiteIdentity } from '@inkwell/contracts';
import { errorResponses } from '../../http-error.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { SITE_ICONS, siteIconDrawer, webManifest, type SiteIconName } from './site-icons.ts';
import { SHARE_CARD_PATH, shareCardPng } from './site-images.ts';

/** A picture's address carries a version of what it is drawn from: a day is long enough, and a change is a new address. */
const A_DAY = 'public, max-age=86400';

/** The site's identity, read by anyone (the web app, any client; admins change it through the staff module), its icons, manifest and share card. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/site', { schema: { response: { 200: SiteIdentity } }, config: { anonymousCache: true } }, () =>
    app.siteIdentity(),
  );

  app.get(
    '/manifest.webmanifest',
    { schema: { response: { 200: nonJsonResponse('The web app manifest', 'application/manifest+json') } } },
    async (_request, reply) =>
      reply
        .type('application/manifest+json')
        .header('cache-control', A_DAY)
        .send(JSON.stringify(webManifest(await app.siteIdentity()))),
  );

  const drawIcon = siteIconDrawer(app);
  app.get(
    '/icons/:name',
    {
      schema: {
        params: z.object({ name: z.templateLiteral([z.enum(Object.keys(SITE_ICONS) as SiteIconName[]), '.png']) }),
        response: {
          200: nonJsonResponse("The site's icon at one of its sizes", 'image/png'),
          ...errorResponses([400]),
        },
      },
    },
    async (request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', A_DAY)
        .send(await drawIcon(await app.siteIdentity(), request.params.name.slice(0, -4) as SiteIconName)),
  );

  app.get(
    SHARE_CARD_PATH,
    { schema: { response: { 200: nonJsonResponse('The picture link previews of the site show', 'image/png') } } },
    async (_request, reply) =>
      reply
        .type('image/png')
        .header('cache-control', A_DAY)
        .send(await shareCardPng(await app.siteIdentity())),
  );
};

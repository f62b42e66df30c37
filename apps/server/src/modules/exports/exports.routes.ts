import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http-error.ts';
import { requireAdmin, signedInUser } from '../../plugins/auth.ts';
import { nonJsonResponse } from '../../plugins/route-schemas.ts';
import { siteOrigin } from '../../site-origin.ts';
import { SOFTWARE_VERSION } from '../../software-version.ts';
import { createImageStore } from '../uploads/index.ts';
import type * as Writer from './exports.service.ts';
import type { ExportStamp } from './exports.service.ts';
import type { ZipEntry } from './zip-writer.ts';

/** A name as a file name's part: ASCII letters, digits, dots and underscores, lower case, the rest hyphens. */
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');

/** `<site>-<whose>-<YYYY-MM-DD>.zip`, after the site's own name (its admins'), never the software's. */
export const exportFileName = (siteName: string, whose: string, now: Date) =>
  `${[slug(siteName) || 'site', slug(whose) || 'export', now.toISOString().slice(0, 10)].join('-')}.zip`;

/**
 * A member's download of their own data, and an admin's of the whole site (exports.service.ts),
 * each a zip streamed as it is written. The checks (the session, the role, the rate limit) are all
 * made before the first byte; past them, a failure breaks the download rather than answer an error.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, store: createImageStore(app.config) };
  const stampOf = (request: FastifyRequest): ExportStamp => ({
    now: app.clock(),
    origin: siteOrigin(app, request),
    software: SOFTWARE_VERSION,
  });
  const response = (description: string, refusals: Parameters<typeof errorResponses>[0]) => ({
    200: nonJsonResponse(description, 'application/zip'),
    ...errorResponses(refusals),
  });
  // Reads only: an export changes nothing readers see.
  const config = { rateLimits: ['dataExport' as const], keepsReadCache: true };

  // The writer and the zip are loaded by the first export: with the Markdown they write, 5 MiB of
  // heap that a server nobody exports from need not hold.
  const sendZip = async (
    reply: FastifyReply,
    whose: string,
    stamp: ExportStamp,
    entries: (writer: typeof Writer) => AsyncIterable<ZipEntry>,
  ) => {
    const [writer, { zipStream }] = await Promise.all([import('./exports.service.ts'), import('./zip-writer.ts')]);
    const { name } = await app.siteIdentity();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName(name, whose, stamp.now)}"`)
      .header('cache-control', 'no-store')
      .send(zipStream(entries(writer), (error) => app.log.error({ err: error }, 'an export failed while it was sent')));
  };

  app.post(
    '/api/account/export',
    {
      preValidation: app.requireUser,
      schema: {
        response: response(
          'A zip of everything the member put in (the export format of docs/product/data.md)',
          [401, 429],
        ),
      },
      config,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const stamp = stampOf(request);
      return sendZip(reply, user.username, stamp, ({ memberExport }) => memberExport(deps, user.id, stamp));
    },
  );

  app.post(
    '/api/admin/export',
    {
      preValidation: [app.requireUser, requireAdmin],
      schema: {
        response: response('A zip of the whole site (the export format of docs/product/data.md)', [401, 403, 429]),
      },
      config,
    },
    async (request, reply) => {
      const stamp = stampOf(request);
      const site = await app.siteIdentity();
      return sendZip(reply, 'site', stamp, ({ siteExport }) => siteExport(deps, site, stamp));
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BlockedDomainsBody, BlockedDomainsResponse, DomainBlockBody, DomainBlockResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { requireAdmin, signedInUser } from '../../plugins/auth.ts';
import { siteOrigin } from '../../site-origin.ts';
import { blockDomain, blockedDomainsPage, unblockDomain } from './domain-blocks.service.ts';

/**
 * The admins' blocked domains of the fediverse: listed, added and removed whether federation is on
 * or not (a block made before PUBLIC_URL is set holds once it is). Nothing here changes what an
 * anonymous reader sees.
 */
export const domainBlockRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preValidation: [app.requireUser, requireAdmin], config: { keepsReadCache: true } };

  app.post(
    '/api/admin/blocked-domains',
    {
      ...admins,
      schema: {
        body: BlockedDomainsBody,
        response: { 200: BlockedDomainsResponse, ...errorResponses([...BODY_ERRORS, 401, 403]) },
      },
    },
    async (request) => blockedDomainsPage(app.db, request.body),
  );

  app.post(
    '/api/admin/block-domain',
    {
      ...admins,
      schema: {
        body: DomainBlockBody,
        response: { 200: DomainBlockResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 409]) },
      },
    },
    async (request) =>
      blockDomain(app.db, signedInUser(request), new URL(siteOrigin(app, request)).hostname, request.body),
  );

  app.post(
    '/api/admin/unblock-domain',
    {
      ...admins,
      schema: {
        body: DomainBlockBody,
        response: { 200: DomainBlockResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404]) },
      },
    },
    async (request) => unblockDomain(app.db, signedInUser(request), request.body),
  );
};

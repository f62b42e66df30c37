import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockBody,
  BlockedUsersBody,
  BlockedUsersResponse,
  BlockResponse,
  CountResponse,
  IsBlockedBody,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { blockedUsers, blockedUsersCount, blockUser, isBlocked } from './blocks.service.ts';

/**
 * Blocks between members. A block shields the blocker and puts nothing before anyone, so a
 * silenced member may block (requireUser, not requireActiveUser). Blocking may end follows, whose
 * counts a profile shows to anyone, so the block call empties the read cache; the reads keep it.
 */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/block',
    {
      preValidation: app.requireUser,
      schema: {
        body: BlockBody,
        response: { 200: BlockResponse, ...errorResponses([...BODY_ERRORS, 401, 404, 429]) },
      },
      config: { rateLimits: ['block'] },
    },
    async (request) => blockUser(app.db, app.blockEvents, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/is-blocked',
    {
      preValidation: app.requireUser,
      schema: {
        body: IsBlockedBody,
        response: { 200: BlockResponse, ...errorResponses([...BODY_ERRORS, 401, 404]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => isBlocked(app.db, signedInUser(request).id, request.body.username),
  );

  app.post(
    '/api/user/blocked-users',
    {
      preValidation: app.requireUser,
      schema: {
        body: BlockedUsersBody,
        response: { 200: BlockedUsersResponse, ...errorResponses([...BODY_ERRORS, 401]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => blockedUsers(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/api/user/blocked-users-count',
    {
      preValidation: app.requireUser,
      schema: { response: { 200: CountResponse, ...errorResponses([401]) } },
      config: { keepsReadCache: true },
    },
    async (request) => blockedUsersCount(app.db, signedInUser(request).id),
  );
};

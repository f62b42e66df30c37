import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetBlogResponse, RevisionBody, RevisionResponse, RevisionsBody, RevisionsResponse } from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { getRevision, getRevisions, restoreRevision } from './revisions.service.ts';

/** A blog's revisions, for its author only (revisions.service.ts). */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const reading = { keepsReadCache: true };
  const errors = errorResponses([...BODY_ERRORS, 401, 404]);

  app.post(
    '/api/blog/revisions',
    {
      preValidation: app.requireUser,
      schema: { body: RevisionsBody, response: { 200: RevisionsResponse, ...errors } },
      config: reading,
    },
    async (request) => getRevisions(app.db, request.body, signedInUser(request).id),
  );

  app.post(
    '/api/blog/revision',
    {
      preValidation: app.requireUser,
      schema: { body: RevisionBody, response: { 200: RevisionResponse, ...errors } },
      config: reading,
    },
    async (request) => getRevision(app.db, request.body, signedInUser(request).id),
  );

  // A write: it empties the anonymous read cache like any save.
  app.post(
    '/api/blog/restore-revision',
    {
      preValidation: app.requireActiveUser,
      schema: {
        body: RevisionBody,
        response: { 200: GetBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 409]) },
      },
    },
    async (request) => restoreRevision(app.db, app.blogEvents, request.body, signedInUser(request).id, app.clock()),
  );
};

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LinkPreviewFailure, LinkPreviewQuery, LinkPreviewResponse } from '@inkwell/contracts';
import { errorBody, errorResponses } from '../../http-error.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { previewLink } from './link-preview.service.ts';

/** The link tool reads only `success`, so even a refused request answers `{success: 0}` (never a 500). */
function previewErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error);
  if (!answer) request.log.error({ err: error }, 'link preview failed');
  const body: LinkPreviewFailure = answer ? { success: 0, ...errorBody(answer.refusal) } : { success: 0 };
  return reply
    .status(answer?.status ?? 200)
    .headers(answer?.headers ?? {})
    .send(body);
}

export const linkPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writers only: each preview makes this server fetch someone else's page, and a stranger must not use it as a proxy.
  app.get(
    '/api/link-preview',
    {
      preValidation: app.requireActiveUser,
      errorHandler: previewErrorHandler,
      schema: {
        querystring: LinkPreviewQuery,
        response: { 200: LinkPreviewResponse, ...errorResponses([400, 401, 403, 429], LinkPreviewFailure) },
      },
      config: { rateLimits: ['linkPreview'] },
    },
    async (request) => previewLink(request.query.url, app.config.fetchAllowHosts),
  );
};

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LinkPreviewQuery, type LinkPreviewResponse } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { errorAnswer } from '../../plugins/errors.ts';
import { enforceRateLimits } from '../rate-limits/rate-limits.service.ts';
import { previewLink } from './link-preview.service.ts';

const PREVIEWS_PER_HOUR = 120;

/** The link tool reads only `success`, so even a refused request answers `{success: 0}` (never a 500). */
function previewErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error);
  if (!answer) request.log.error({ err: error }, 'link preview failed');
  const body: LinkPreviewResponse = answer ? { success: 0, error: answer.message } : { success: 0 };
  return reply
    .status(answer?.status ?? 200)
    .headers(answer?.headers ?? {})
    .send(body);
}

export async function linkPreviewRoutes(app: FastifyInstance) {
  // Writers only: each preview makes this server fetch someone else's page, and a stranger must not use it as a proxy.
  app.get('/api/link-preview', { preHandler: app.requireUser, errorHandler: previewErrorHandler }, async (request): Promise<LinkPreviewResponse> => {
    const { url } = parse(LinkPreviewQuery, request.query);
    await enforceRateLimits(app, [{ key: `link-preview:user:${request.user!.id}`, limit: PREVIEWS_PER_HOUR, windowSeconds: 3600 }], 'Too many link previews');
    return previewLink(url, app.config.fetchAllowHosts);
  });
}

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
  const body: LinkPreviewResponse = { success: 0 };
  return reply
    .status(answer?.status ?? 200)
    .headers(answer?.headers ?? {})
    .send(body);
}

export async function linkPreviewRoutes(app: FastifyInstance) {
  app.get('/api/link-preview', { preHandler: app.optionalUser, errorHandler: previewErrorHandler }, async (request): Promise<LinkPreviewResponse> => {
    const { url } = parse(LinkPreviewQuery, request.query);
    // Each preview makes this server fetch a page: limited per account, or per address when signed out.
    const visitor = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
    await enforceRateLimits(app, [{ key: `link-preview:${visitor}`, limit: PREVIEWS_PER_HOUR, windowSeconds: 3600 }], 'Too many link previews');
    return previewLink(url, app.config.fetchAllowHosts);
  });
}

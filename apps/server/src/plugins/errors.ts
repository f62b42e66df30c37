import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { isDatabaseUnavailable, withoutQueryValues } from '../db/errors.ts';
import { HttpError } from '../http-error.ts';
import { securityHeaders } from './security-headers.ts';

const statusMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected a multipart/form-data upload'],
  FST_REQ_FILE_TOO_LARGE: [413, 'The file is too large (max 10 MB)'],
  FST_FILES_LIMIT: [413, 'Upload one file at a time'],
  FST_PARTS_LIMIT: [413, 'Too many form fields'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid Content-Length'],
  FST_ERR_BAD_URL: [400, 'The address is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long'],
};

export interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** The status and user-readable message an error is answered with; null for an unexpected one (a 500). */
export function errorAnswer(error: FastifyError): ErrorAnswer | null {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  const known = error.code ? statusMessages[error.code] : undefined;
  if (known) return { status: known[0], message: known[1], headers: {} };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: 'The request could not be processed', headers: {} };
  }
  return null;
}

/** How every log line shows an error: as pino does, but a failed query without the values users wrote. */
export const logSerializers = { err: (error: Error) => stdSerializers.err(withoutQueryValues(error) as Error) };

export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';

/** Every error leaves as `{ error }`; nothing internal (stack, SQL) ever reaches a client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error);
    if (answer) return reply.status(answer.status).headers(answer.headers).send({ error: answer.message });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply.status(503).header('retry-after', '1').send({ error: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: INTERNAL_ERROR });
  });
}

/**
 * Fastify's `frameworkErrors`: a path it cannot decode or whose parameter is too long fails before
 * any route, hook or error handler, and Fastify's own answer would echo the path back with its error
 * code and without the security headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = errorAnswer(error);
  return reply
    .status(answer?.status ?? 400)
    .headers(securityHeaders(request.server.config.google.scriptUrl))
    .send({ error: answer?.message ?? 'The request could not be processed' });
}

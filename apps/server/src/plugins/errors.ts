import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import type { FixedErrorCode } from '@inkwell/contracts';
import { isDatabaseUnavailable, withoutQueryValues } from '../db/errors.ts';
import { errorBody, HttpError, type RefusalOf } from '../http-error.ts';
import { securityHeaders } from './security-headers.ts';

/** Fastify's and its plugins' errors that are a client's fault, by their code: the status and refusal to answer. */
const fastifyRefusals: Record<string, [number, RefusalOf]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'empty_body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_content_type'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'multipart_expected'],
  FST_REQ_FILE_TOO_LARGE: [413, { code: 'file_too_large', message: 'The file is too large (max 10 MB)' }],
  FST_FILES_LIMIT: [413, 'too_many_files'],
  FST_PARTS_LIMIT: [413, 'too_many_fields'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_content_length'],
  FST_ERR_BAD_URL: [400, 'invalid_url'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'url_too_long'],
};

export interface ErrorAnswer {
  status: number;
  refusal: RefusalOf;
  headers: Record<string, string>;
}

/** The status and refusal an error is answered with; null for an unexpected one (a 500). */
export function errorAnswer(error: FastifyError): ErrorAnswer | null {
  if (error instanceof HttpError) return { status: error.status, refusal: error.refusal, headers: error.headers };
  const known = error.code ? fastifyRefusals[error.code] : undefined;
  if (known) return { status: known[0], refusal: known[1], headers: {} };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, refusal: 'invalid_request', headers: {} };
  }
  return null;
}

/** How every log line shows an error: as pino does, but a failed query without the values users wrote. */
export const logSerializers = { err: (error: Error) => stdSerializers.err(withoutQueryValues(error) as Error) };

/** Every error leaves as `{ error, code }`; nothing internal (stack, SQL) ever reaches a client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error);
    if (answer) return reply.status(answer.status).headers(answer.headers).send(errorBody(answer.refusal));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply.status(503).header('retry-after', '1').send(errorBody('database_unavailable'));
    }
    // A client that left before its answer (a reader closing the tab as a page streams) is no fault
    // of the server's: an operator's error log and 5xx count must not fill with it. 499 as nginx's.
    if (request.raw.socket?.destroyed) {
      request.log.info({ err: error }, 'the client left before its answer');
      return reply.status(499).send(errorBody('internal_error'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error'));
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
    .headers(securityHeaders(request.server.config))
    .send(errorBody(answer?.refusal ?? 'invalid_request'));
}

const clientErrors: Record<string, [number, FixedErrorCode]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large'],
};

/**
 * Fastify's `clientErrorHandler`: a connection that fails before a request is read (too slow, headers
 * too large, not HTTP) is answered as Fastify would, with its status and words, but in our shape.
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection is gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] = clientErrors[error.code] ?? [400, 'malformed_request'];
  this.log.trace({ err: error }, 'client error');
  const body = JSON.stringify(errorBody(code));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

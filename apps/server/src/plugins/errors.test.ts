import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { HttpError } from '../http-error.ts';
import { answerClientError, registerErrorHandler } from './errors.ts';

/** An error as Fastify and its plugins throw them: a code and, for a client's fault, a 4xx status. */
const fastifyError = (code: string, statusCode?: number) => Object.assign(new Error(code), { code, statusCode });

describe('the error handler', () => {
  /** What the handler answers for an error a route throws. */
  async function answerTo(error: Error) {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/', async () => {
      throw error;
    });
    const res = await app.inject('/');
    await app.close();
    return [res.statusCode, res.json()];
  }

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'invalid_json'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'empty_body'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'body_too_large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_content_type'],
    ['FST_INVALID_MULTIPART_CONTENT_TYPE', 415, 'multipart_expected'],
    ['FST_REQ_FILE_TOO_LARGE', 413, 'file_too_large'],
    ['FST_FILES_LIMIT', 413, 'too_many_files'],
    ['FST_PARTS_LIMIT', 413, 'too_many_fields'],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, 'invalid_content_length'],
    ['FST_ERR_BAD_URL', 400, 'invalid_url'],
    ['FST_ERR_MAX_PARAM_LENGTH', 414, 'url_too_long'],
  ] as const)('answers Fastify’s %s with its own code', async (fastifyCode, status, code) => {
    const [answered, body] = await answerTo(fastifyError(fastifyCode, status));
    expect(answered).toBe(status);
    expect(body).toEqual({ error: expect.any(String), code });
  });

  it('answers any other 4xx of Fastify as a request it could not process', async () => {
    expect(await answerTo(fastifyError('FST_ERR_SOMETHING_NEW', 405))).toEqual([
      405,
      { error: ErrorMessages.invalid_request, code: 'invalid_request' },
    ]);
  });

  it('answers an HttpError with its refusal, and a composed one with its own message', async () => {
    expect(await answerTo(new HttpError(404, 'blog_not_found'))).toEqual([
      404,
      { error: 'Blog not found', code: 'blog_not_found' },
    ]);
    const limited = new HttpError(429, {
      code: 'rate_limited',
      message: 'Too many likes. Please try again in 1 minute.',
    });
    expect(await answerTo(limited)).toEqual([
      429,
      { error: 'Too many likes. Please try again in 1 minute.', code: 'rate_limited' },
    ]);
  });

  it('answers a database that went away with 503, and anything unexpected with 500, never with its text', async () => {
    expect(await answerTo(fastifyError('ECONNREFUSED'))).toEqual([
      503,
      { error: ErrorMessages.database_unavailable, code: 'database_unavailable' },
    ]);
    expect(await answerTo(new Error('select secret from users'))).toEqual([
      500,
      { error: ErrorMessages.internal_error, code: 'internal_error' },
    ]);
  });
});

it('logs a client gone before its answer as information, not as a server error', async () => {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
  registerErrorHandler(app);
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  app.get('/', async (request) => {
    // As a streamed page fails once its reader has closed the connection.
    const left = new Promise((resolve) => request.raw.socket.once('close', resolve));
    arrived();
    await left;
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const client = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  client.write('GET / HTTP/1.1\r\nHost: inkwell.test\r\n\r\n');
  await arrival;
  client.destroy();
  await expect.poll(() => lines.map(({ msg }) => msg)).toContain('the client left before its answer');
  await app.close();
  expect(lines.filter(({ level }) => level >= 50)).toEqual([]);
});

describe('a client that fails before its request is read', () => {
  /** What a connection failing with `code` is sent before it is closed. */
  function sentFor(code: string): string {
    let sent = '';
    const socket = { destroyed: false, writable: true, write: (text: string) => (sent += text), destroy() {} };
    const error = Object.assign(new Error(code), { code, bytesParsed: 0, rawPacket: { type: '', data: [] } });
    answerClientError.call(Fastify(), error, socket as unknown as Socket);
    return sent;
  }

  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', '408 Request Timeout', 'request_timeout'],
    ['HPE_HEADER_OVERFLOW', '431 Request Header Fields Too Large', 'headers_too_large'],
    ['HPE_INVALID_METHOD', '400 Bad Request', 'malformed_request'],
  ] as const)('answers %s in our shape, with its code', (code, status, errorCode) => {
    const sent = sentFor(code);
    expect(sent).toMatch(new RegExp(`^HTTP/1\\.1 ${status}\\r\\n`));
    expect(sent.split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: ErrorMessages[errorCode], code: errorCode }));
  });
});

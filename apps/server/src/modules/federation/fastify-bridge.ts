import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FixedErrorCode } from '@inkwell/contracts';
import { errorBody } from '../../http-error.ts';
import { withFullPublicAddress } from './public-address.ts';

/**
 * A Fastify request as the WHATWG Request Fedify reads, the body exactly the bytes that came
 * (signatures cover them). Its address is on the public origin, whatever scheme a proxy in front
 * spoke to us: a sender signed the https address it posted to. `path` asks Fedify for another
 * address than the one requested (a profile page's actor).
 */
export function toWebRequest(request: FastifyRequest, origin: string, path = request.url): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body =
    hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : hasBody ? new Uint8Array() : undefined;
  return new Request(new URL(path, origin), { method: request.method, headers, body });
}

const ACTIVITY_JSON = /^application\/(activity\+json|ld\+json)/i;

/** Fedify's Response sent as Fastify's reply; an ActivityStreams document with the Public address in full. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  if (ACTIVITY_JSON.test(response.headers.get('content-type') ?? ''))
    return reply.send(Buffer.from(JSON.stringify(withFullPublicAddress(await response.json()))));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/** A refusal as Fedify's callbacks answer it: `{ error, code }`. */
export const errorResponse = (status: number, code: FixedErrorCode) =>
  new Response(JSON.stringify(errorBody(code)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

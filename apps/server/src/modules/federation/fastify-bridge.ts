import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A Fastify request as the WHATWG Request Fedify reads, the body exactly the bytes that came
 * (signatures cover them). Its address is on the public origin, whatever scheme a proxy in front
 * spoke to us: a sender signed the https address it posted to.
 */
export function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body =
    hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : hasBody ? new Uint8Array() : undefined;
  return new Request(new URL(request.url, origin), { method: request.method, headers, body });
}

/** Fedify's Response sent as Fastify's reply. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

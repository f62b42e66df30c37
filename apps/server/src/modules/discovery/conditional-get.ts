import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Feed readers and crawlers poll: they may keep an answer five minutes, then ask again with its validators. */
const CACHE_CONTROL = 'public, max-age=300';

export interface Representation {
  body: string;
  type: string;
  /** The newest edit the body shows, when it has one. */
  lastModified?: Date | undefined;
}

/** Whole seconds, as an HTTP date carries them. */
const toSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * RFC 9110 §13.2.2: If-None-Match decides when it is sent (weak comparison); If-Modified-Since
 * only without it. The ETag hashes the body itself, so it also changes with what no date records
 * (a renamed author, a deleted blog).
 */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date | undefined): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return lastModified !== undefined && !Number.isNaN(since) && toSeconds(lastModified).getTime() <= since;
}

/** Sends a GET answer with ETag and Last-Modified, or 304 with no body when the client's copy is still current. */
export function sendWithValidators(request: FastifyRequest, reply: FastifyReply, { body, type, lastModified }: Representation) {
  // Weak: compression may re-encode the bytes, never the meaning.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
  if (lastModified) reply.header('last-modified', toSeconds(lastModified).toUTCString());
  if (isNotModified(request, etag, lastModified)) return reply.status(304).send();
  return reply.type(type).send(body);
}

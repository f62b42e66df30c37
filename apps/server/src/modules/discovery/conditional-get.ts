import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isNotModified } from '../../conditional-request.ts';

/** Feed readers and crawlers poll: they may keep an answer five minutes, then ask again with its validators. */
const CACHE_CONTROL = 'public, max-age=300';

export interface Representation {
  body: string;
  type: string;
  /** When what the body lists last changed (visibility's listingChangedAt), for a body that lists blogs or authors. */
  listed?: { changedAt: Date; settled: boolean } | undefined;
}

/**
 * Sends a GET answer with ETag and Last-Modified, or 304 with no body when the client's copy is
 * still current. Last-Modified is when what is listed last changed, once that second is over; until
 * then the ETag alone validates, and the read cache does not keep the answer, so that a read in a
 * later second sends the date.
 */
export function sendWithValidators(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, type, listed }: Representation,
) {
  // Weak: compression may re-encode the bytes, never the meaning. It hashes the body itself, so it
  // also changes with what no date records.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  // In whole seconds, as an HTTP date carries them.
  const modified = listed?.settled ? listed.changedAt.toUTCString() : undefined;
  if (listed && !listed.settled) reply.keepOutOfReadCache();
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
  if (modified) reply.header('last-modified', modified);
  if (isNotModified(request.headers, { etag, lastModified: modified })) return reply.status(304).send();
  return reply.type(type).send(body);
}

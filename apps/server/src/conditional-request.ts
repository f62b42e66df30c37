import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a GET's conditions say the client's copy is still current, given the answer's own `ETag`
 * and `Last-Modified` header values. RFC 9110 §13.2.2: If-None-Match decides when it is sent (weak
 * comparison); If-Modified-Since only without it.
 */
export function isNotModified(
  headers: IncomingHttpHeaders,
  answer: { etag?: string | undefined; lastModified?: string | undefined },
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const etag = answer.etag?.replace(/^W\//, '');
    return (
      etag !== undefined &&
      ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag)
    );
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  const modified = Date.parse(answer.lastModified ?? '');
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

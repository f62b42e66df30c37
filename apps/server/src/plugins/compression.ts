import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers: pages, JSON, feeds (Atom, RSS, JSON Feed), scripts, styles, sitemaps and SVG.
 * Never the notification stream (text/event-stream: a compressor holds events back until its
 * buffer fills, and the stream must stay live) nor raster images, which are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:json|javascript|xml)(?:;|$)|\+(?:json|xml)(?:;|$)/;

/**
 * Compresses text answers on the fly, brotli when the client takes it, else gzip. The built
 * assets are compressed at build time already and sent as they are (see web.routes.ts); this
 * plugin leaves an answer that carries a Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance) {
  // Request bodies stay as they were: plain JSON or multipart, never a compressed upload to inflate.
  await app.register(compress, { encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE, globalDecompression: false });
  // A 304 names what the 200 it confirms varies on (RFC 9110 §15.4.5), or a cache takes it for
  // every encoding. The compressor marks only what it compresses, so the bodiless 304 is marked
  // here: unless its type is known and never compressed, it stands for an answer that may be.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode === 304 && (type === undefined || COMPRESSIBLE.test(String(type)))) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\baccept-encoding\b/i.test(vary))
        reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    }
    return payload;
  });
}

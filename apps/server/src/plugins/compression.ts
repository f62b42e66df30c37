import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeHooks } from './route-hooks.ts';

/**
 * Text answers: pages, JSON, feeds (Atom, RSS, JSON Feed), scripts, styles, sitemaps and SVG.
 * Never the notification stream (text/event-stream: a compressor holds events back until its
 * buffer fills, and the stream must stay live) nor raster images, which are compressed already.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:json|javascript|xml)(?:;|$)|\+(?:json|xml)(?:;|$)/;
/** Smaller answers go as they are: a compressed frame would save next to nothing. */
const THRESHOLD = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Quality 4, as the compressor's own default: most of brotli's gain for a few times gzip's speed. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses text answers on the fly, brotli when the client takes it, else gzip. The built
 * assets are compressed at build time already and sent as they are (see web.routes.ts), as are
 * the read cache's kept copies (read-cache.ts): this plugin leaves an answer that carries a
 * Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance) {
  // Each route's own onSend, added before the compressor adds its own, so it runs first.
  app.addHook('onRoute', (route) => {
    route.onSend = [...routeHooks(route.onSend), compressWhole];
  });
  // Request bodies stay as they were: plain JSON or multipart, never a compressed upload to inflate.
  await app.register(compress, {
    encodings: [...ENCODINGS],
    customTypes: COMPRESSIBLE,
    threshold: THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    globalDecompression: false,
  });
  // A 304 names what the 200 it confirms varies on (RFC 9110 §15.4.5), or a cache takes it for
  // every encoding. The compressor marks only what it compresses, so the bodiless 304 is marked
  // here: unless its type is known and never compressed, it stands for an answer that may be.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (reply.statusCode === 304 && (type === undefined || COMPRESSIBLE.test(String(type)))) varyOnEncoding(reply);
    return payload;
  });
}

/**
 * An answer whole in memory (a page, a JSON body) is compressed in one call on libuv's threads.
 * Through the compressor's stream it cost the event loop a tenth of an uncached page: the stream,
 * its pipeline (whose end makes an AbortController's DOMException, with its stack), zlib's chunks.
 * The compressor still takes the answers sent as streams (an export, a file), and those it
 * compresses as they go.
 */
async function compressWhole(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  return (await encodedForReader(request, reply, payload))?.body ?? payload;
}

/**
 * `body` compressed as the compressor would for this reader, and the reply marked so; undefined
 * where it goes as it is (a small or binary answer, a reader who takes none, a part of one).
 */
export async function encodedForReader(request: FastifyRequest, reply: FastifyReply, body: Buffer | string) {
  if (reply.hasHeader('content-encoding') || reply.statusCode === 206 || reply.hasHeader('content-range')) return;
  const encoding = encodingFor(request, reply.getHeader('content-type') as string | undefined, Buffer.byteLength(body));
  if (!encoding) return;
  const encoded = await compressed(body, encoding);
  reply.removeHeader('content-length');
  markEncoded(reply, encoding);
  return { encoding, body: encoded };
}

function markEncoded(reply: FastifyReply, encoding: Encoding) {
  reply.header('content-encoding', encoding);
  varyOnEncoding(reply);
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/**
 * The encoding the compressor would send an answer of this type and size in to this reader (its
 * types, its threshold, the reader's Accept-Encoding as it reads it), or null where it goes as it is.
 */
export function encodingFor(request: FastifyRequest, type: string | undefined, size: number): Encoding | null {
  if (size < THRESHOLD || type === undefined || !COMPRESSIBLE.test(type)) return null;
  const accepted = request.headers['accept-encoding'];
  if (!accepted || request.headers['x-no-compression'] !== undefined) return null;
  // As the compressor: "*" and the alias x-gzip stand for gzip.
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
}

/**
 * A compressor whose one write, a whole answer, finishes its frame. Node's one call
 * (zlib.brotliCompress, zlib.gzip) writes the answer, then an empty chunk that finishes the frame
 * (the stream's `_flush`): two trips to libuv's threads, each waking a thread and the event loop,
 * and the second compressed nothing. Those trips cost the server's thread more than a page's
 * compression did (performance.md, "Compression"): here the answer's write finishes the frame, and
 * the empty chunk is not written.
 */
function finishingCompressor(encoding: Encoding) {
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ ...BROTLI_OPTIONS, flush: zlib.constants.BROTLI_OPERATION_FINISH })
      : zlib.createGzip({ flush: zlib.constants.Z_FINISH });
  compressor._flush = (done) => done();
  return compressor;
}

/** `body` in `encoding` with the compressor's options, compressed on libuv's threads rather than the event loop, in one trip there. */
export const compressed = (body: Buffer | string, encoding: Encoding): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const compressor = finishingCompressor(encoding);
    const parts: Buffer[] = [];
    compressor.on('data', (part: Buffer) => parts.push(part));
    compressor.once('end', () => resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts)));
    compressor.once('error', reject);
    compressor.end(body);
  });

/** Sends an answer compressed already, as the compressor would have marked it. */
export function sendEncoded(reply: FastifyReply, encoding: Encoding, body: Buffer) {
  markEncoded(reply, encoding);
  return reply.send(body);
}

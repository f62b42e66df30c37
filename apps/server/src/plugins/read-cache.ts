import { Transform, type Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isNotModified } from '../conditional-request.ts';
import { cardsOf, newSaidTags, Tags, withTags, type SaidTags } from './cache-tags.ts';
import { compressed, encodedForReader, encodingFor, sendEncoded, type Encoding } from './compression.ts';
import { invalidationLog, type OnInvalidate } from './read-cache-log.ts';
import { sharedCacheHeaders, sharedCachePurge } from './shared-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous requests to this route are answered from the in-process cache of reads. */
    anonymousCache?: boolean;
    /** A POST that changes nothing an anonymous read shows (a signed-in read, a sign-in): it keeps the cache. */
    keepsReadCache?: boolean;
    /** A write whose every change to what readers see is named where it is written (cache-tags.ts `changed`): only those go. */
    namesItsChanges?: boolean;
  }
  interface FastifyInstance {
    readCache: {
      /**
       * Empties the answers showing any of `tags` (cache-tags.ts), here, on every instance and in a
       * shared cache in front, for a write made outside a request (a job, a timer).
       */
      invalidate(tags: readonly string[]): Promise<void>;
      /** What a job or a timer said it changed (cache-tags.ts collectTags): changes go now, counts within their lag. */
      invalidateSaid(said: SaidTags): Promise<void>;
      /** Counts moved, gathered for a lag already (the reads counted by a flush): pages showing them whole go now, their cards within the cards' lag. */
      recount(tags: readonly string[]): Promise<void>;
      /** Sends the counts changed since the last time at once, the cards' too (it happens every COUNTS_LAG_SECONDS, and CARD_COUNTS_LAG_SECONDS). */
      flushCounts(): Promise<void>;
      /** Since start: anonymous reads answered from the cache and not; and what it keeps now (for the metrics). */
      stats(): ReadCacheStats;
      /** When `tag` was last invalidated here, on this instance's own clock: what was read before is old. */
      invalidatedAt(tag: string): number;
    };
  }
  interface FastifyRequest {
    /** What this request said it shows or changed (cache-tags.ts). */
    cacheTags: SaidTags | null;
    /** Set on a cacheable miss: where its answer goes, and when it started reading, on the cache's clock. */
    cacheFill: { key: string; readFrom: number } | null;
    /** Set on the first of concurrent misses of one key: tells the others waiting for its answer to look again. */
    fillDone: (() => void) | null;
  }
  interface FastifyReply {
    /** This answer is not to be kept, though its route caches: it will read differently soon (a Last-Modified not yet settled). */
    keepOutOfReadCache(): void;
  }
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Hits sent in a compressed copy the cache kept, rather than compressed again for their reader. */
  keptEncodedHits: number;
  bytes: number;
}

interface CachedResponse {
  /** Where it is kept. */
  key: string;
  status: number;
  headers: Record<string, string>;
  /** Uncompressed, for readers who take it so and to compress from. */
  body: Buffer;
  /** The body compressed, in each encoding a reader asked for it in since it was kept (compression.ts). */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** What it shows (cache-tags.ts): it stays good until one of them is invalidated. */
  tags: string[];
  /** When its reading started, on the cache's clock. */
  readFrom: number;
}
/** Kept at a URL's key when its answer depends on request headers (its Vary): each answer is kept under their values. */
interface VaryMarker {
  vary: string[];
}
type Entry = CachedResponse | VaryMarker;

/**
 * The headers that describe the response itself and are replayed on a hit. Every other header
 * (security headers, CORS, Vary and Content-Encoding of compression) comes from the hooks,
 * which run for a hit as for any response; so a hit never repeats one reader's CORS answer to another.
 */
const REPLAYED_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'link',
  'content-language',
  'x-robots-tag',
  // Where a 301 sends the reader (an imported post's old address).
  'location',
  // What a shared cache in front files it under (shared-cache.ts).
  'surrogate-key',
  'cache-tag',
];
/**
 * What hooks add to Vary for every response alike (a hit runs them again). Any other header a Vary
 * names (Accept, where a page is also an ActivityStreams document) goes into the key: a hit is only
 * ever an answer to a request that sent the same value.
 */
const HOOK_VARY = new Set(['origin', 'accept-encoding']);
/** An entry's cost besides its body: key, headers, tags and bookkeeping. */
const ENTRY_OVERHEAD = 512;
/** How long a reader waits for another's reading of the same answer before reading it itself. */
const MAX_WAIT_FOR_FILL_MS = 2000;
/** How long closing waits for the shared cache's purges still queued. */
const PURGES_AT_CLOSE_MS = 5000;
/** Past this many tags remembered as invalidated, the cache is emptied whole and they are forgotten. */
const MAX_REMEMBERED_TAGS = 100_000;

/**
 * An in-process cache of anonymous reads, bounded in bytes, filled on first read. A route opts in
 * with `config: { anonymousCache: true }` (GET or POST; the key is the method, origin, URL and the
 * JSON body with its keys sorted, and the request's values of any header its answer varies on). A
 * request with an Authorization header always reaches the handler.
 *
 * Invalidation is by tag (cache-tags.ts, ADR 10). What builds an answer says what it shows (a blog,
 * a member, the listings); what writes says what it changed, and the answers showing it go, here
 * and on every other instance (read-cache-log.ts), before the writer's answer leaves. A request
 * that is not a read (any method but GET/HEAD/OPTIONS, on a route that neither caches nor says
 * `keepsReadCache: true`) and that named nothing empties everything: a new write route is safe
 * before anyone teaches it what it changes. A refused write (4xx) changed nothing: its transaction
 * rolled back. Counts (likes, follows) may reach anonymous answers up to COUNTS_LAG_SECONDS late:
 * what they changed is gathered and invalidated once per lag; and the cards of blogs and members
 * on pages about something else (cache-tags.ts Tags.card), up to CARD_COUNTS_LAG_SECONDS late.
 *
 * Entries are checked when they are read, not hunted down when a tag goes: each remembers when its
 * reading started, each tag when it was last invalidated, on one clock; an entry read before any of
 * its tags last went is old. That also throws out an answer read while a write it shows was being
 * committed.
 *
 * What is cached is the uncompressed answer: @fastify/compress hooks onSend per route, and route
 * hooks run after these application hooks, so a miss is compressed as its reader asks. Hits are
 * sent from copies compressed once per encoding (replay). Each cacheable answer names its tags and
 * how long a shared cache in front may keep it (shared-cache.ts).
 */
export async function registerReadCache(app: FastifyInstance) {
  const maxSize = app.config.readCacheBytes;
  const entries =
    maxSize > 0
      ? new LRUCache<string, Entry>({
          maxSize,
          sizeCalculation: (entry, key) =>
            ('body' in entry ? bodyBytes(entry) + entry.tags.length * 48 : 0) + key.length + ENTRY_OVERHEAD,
        })
      : null;

  let clock = 0;
  /** When each tag last went, and when its counts last moved, on this instance's clock. */
  const invalidated = new Map<string, number>();
  const recounted = new Map<string, number>();
  const invalidatedAt = (tag: string) => invalidated.get(tag) ?? 0;
  const apply: OnInvalidate = (tags, written) => {
    if (written?.id !== undefined && written.lsn) app.database.replicas?.noteWritten(written.id, written.lsn);
    clock++;
    if (tags.includes(Tags.site) || invalidated.size + recounted.size > MAX_REMEMBERED_TAGS) {
      entries?.clear();
      invalidated.clear();
      recounted.clear();
      invalidated.set(Tags.site, clock);
      return;
    }
    for (const tag of tags) (written?.counts ? recounted : invalidated).set(tag, clock);
  };
  /** Nothing it shows changed since it was read, but maybe counts: it may still be served while another reader reads it anew. */
  const countsBehind = (entry: CachedResponse) => entry.tags.every((tag) => invalidatedAt(tag) <= entry.readFrom);
  /** Nothing it shows changed since it was read, counts included. */
  const fresh = (entry: CachedResponse) =>
    countsBehind(entry) && entry.tags.every((tag) => (recounted.get(tag) ?? 0) <= entry.readFrom);

  const log = await invalidationLog(app.database, apply);
  const sharedCache = sharedCachePurge(app);
  const send = async (tags: readonly string[], counts: boolean) => {
    const named = tags.includes(Tags.site) ? [Tags.site] : [...new Set(tags)];
    if (named.length === 0) return;
    await log.append(named, counts);
    sharedCache.purge(named);
  };
  /** What changed goes at once, with its cards. */
  const invalidate = (tags: readonly string[]) => send([...tags, ...cardsOf(tags)], false);
  /** Counts changed and not sent yet: of pages showing them whole, and of cards. */
  const pending = { counts: new Set<string>(), cardCounts: new Set<string>() };
  const gatherCardCounts = (tags: Iterable<string>) => cardsOf(tags).forEach((card) => pending.cardCounts.add(card));
  const invalidateSaid = async (said: SaidTags) => {
    await invalidate([...said.changed]);
    said.counted.forEach((tag) => pending.counts.add(tag));
    gatherCardCounts(said.counted);
  };
  const recount = async (tags: readonly string[]) => {
    gatherCardCounts(tags);
    await send(tags, true);
  };
  const sendPending = async (which: keyof typeof pending) => {
    const tags = [...pending[which]];
    pending[which] = new Set();
    await send(tags, true);
  };
  const flushCounts = async () => {
    await sendPending('counts');
    await sendPending('cardCounts');
  };
  const every = (seconds: number, which: keyof typeof pending) => {
    if (seconds <= 0) return null;
    const timer = setInterval(
      () => void sendPending(which).catch((error) => app.log.warn(error, 'counts not sent')),
      seconds * 1000,
    );
    timer.unref();
    return timer;
  };
  const timers = [every(app.config.countsLagSeconds, 'counts'), every(app.config.cardCountsLagSeconds, 'cardCounts')];
  app.addHook('onClose', async () => {
    timers.forEach((timer) => timer && clearInterval(timer));
    // Counts gathered here and not yet sent would otherwise never reach the other instances' caches,
    // nor these purges the shared cache in front: only this instance sends them.
    await flushCounts().catch((error: unknown) => app.log.warn(error, 'counts not sent at shutdown'));
    await sharedCache.sent(PURGES_AT_CLOSE_MS);
    await log.close();
  });

  const counted = { hits: 0, misses: 0, keptEncodedHits: 0 };
  /** The answers being read anew, by key: settled once the reader's answer is sent (and kept, if it was). */
  const filling = new Map<string, Promise<void>>();
  app.decorate('readCache', {
    invalidate,
    invalidateSaid,
    recount,
    flushCounts,
    stats: () => ({ ...counted, bytes: entries?.calculatedSize ?? 0 }),
    invalidatedAt,
  });
  app.decorateRequest('cacheTags', null);
  app.decorateRequest('cacheFill', null);
  app.decorateRequest('fillDone', null);
  app.decorateReply('keepOutOfReadCache', function (this: FastifyReply) {
    this.request.cacheFill = null;
  });

  // Everything from here to the answer runs with the request's tags, for presenters and writes to add to.
  app.addHook('preHandler', (request, _reply, done) => {
    request.cacheTags = newSaidTags();
    withTags(request.cacheTags, done);
  });

  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 || !isWrite(request)) return;
    const said = request.cacheTags;
    if (said && request.routeOptions.config.namesItsChanges) await invalidateSaid(said);
    else await invalidate([Tags.site]);
  });
  if (!entries) return;

  /**
   * A hit goes in the encoding its reader takes, compressed once for the cache: a miss keeps the
   * copy its reader was sent, and the first reader asking for another encoding waits for the copy
   * made for them and every later reader. Compressing every hit for every reader took about a
   * third of a busy server's time (docs/performance.md).
   */
  const replay = async (request: FastifyRequest, reply: FastifyReply, hit: CachedResponse) => {
    reply.code(hit.status).headers(hit.headers);
    const current = { etag: hit.headers.etag, lastModified: hit.headers['last-modified'] };
    if (request.method === 'GET' && hit.status === 200 && isNotModified(request.headers, current))
      return reply.code(304).send();
    const encoding = encodingFor(request, hit.headers['content-type'], hit.body.length);
    const encoded =
      encoding &&
      (hit.encoded[encoding] ??
        (await encodedCopy(hit, encoding).catch((error: unknown) => {
          app.log.warn(error, 'a kept answer could not be compressed');
        })));
    if (!encoded) return reply.send(hit.body);
    counted.keptEncodedHits++;
    return sendEncoded(reply, encoding, encoded);
  };
  /** Copies being made, by encoding and key: who asks for one meanwhile waits for the same. */
  const compressing = new Map<string, Promise<Buffer>>();
  const encodedCopy = (hit: CachedResponse, to: Encoding) => {
    const job = `${to} ${hit.key}`;
    let copy = compressing.get(job);
    if (!copy) {
      copy = compressed(hit.body, to)
        .then((body) => {
          keepEncoded(hit, to, body);
          return body;
        })
        .finally(() => compressing.delete(job));
      compressing.set(job, copy);
    }
    return copy;
  };
  const keepEncoded = (hit: CachedResponse, to: Encoding, body: Buffer) => {
    const kept = entries.peek(hit.key);
    // Kept anew as another object, for the cache weighs an entry when it is set; unless it went meanwhile.
    if (kept && 'body' in kept && kept.body === hit.body)
      entries.set(hit.key, { ...kept, encoded: { ...kept.encoded, [to]: body } });
  };

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.anonymousCache || request.headers.authorization !== undefined) return;
    if (request.method !== 'GET' && request.method !== 'POST') return;
    try {
      await log.catchUp();
    } catch {
      return; // The database cannot say what changed: the handler answers.
    }
    const key = cacheKey(request);
    const lookUp = () => {
      const found = entries.get(key);
      const kept = found && 'vary' in found ? entries.get(variantKey(key, found.vary, request)) : found;
      return kept && 'body' in kept ? kept : undefined;
    };
    const serve = (hit: CachedResponse) => {
      counted.hits++;
      return replay(request, reply, hit);
    };
    let kept = lookUp();
    if (kept && fresh(kept)) return serve(kept);
    // Readers arriving while another reads the same answer anew get the answer whose only change is
    // its counts (they may lag), or else wait for that reading rather than render it again.
    const filled = filling.get(key);
    if (filled && kept && countsBehind(kept)) return serve(kept);
    if (filled) {
      await Promise.race([filled, setTimeout(MAX_WAIT_FOR_FILL_MS, undefined, { ref: false })]);
      kept = lookUp();
      if (kept && fresh(kept)) return serve(kept);
    }
    request.cacheFill = { key, readFrom: clock };
    if (!filling.has(key)) {
      let resolve!: () => void;
      const promise = new Promise<void>((settle) => (resolve = settle));
      filling.set(key, promise);
      request.fillDone = () => {
        if (filling.get(key) === promise) filling.delete(key);
        resolve();
      };
    }
  });

  // Sent whole, failed or abandoned: whoever waits for this fill looks again.
  app.addHook('onResponse', async (request) => request.fillDone?.());
  app.addHook('onRequestAbort', async (request) => request.fillDone?.());

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.cacheFill;
    if (!fill) return payload;
    // Counted here, not on the way in: an answer its handler keeps out (a page of the app) was never the cache's to give.
    counted.misses++;
    if (!storable(reply)) return payload;
    const tags = [Tags.site, ...(request.cacheTags?.shown ?? [])];
    // Not found, or moved (an imported post's old address): a blog published or a member joining may answer it next.
    if (reply.statusCode !== 200) tags.push(Tags.listings, Tags.members);
    sharedCacheHeaders(app, reply, tags);
    const vary = variedHeaders(reply);
    const store = (body: Buffer, encoded: CachedResponse['encoded'] = {}) => {
      const variant = vary.length === 0 ? fill.key : variantKey(fill.key, vary, request);
      const response = {
        key: variant,
        status: reply.statusCode,
        headers: replayedHeaders(reply),
        body,
        encoded,
        tags,
        readFrom: fill.readFrom,
      };
      // A write it shows went while this was read: the answer may be older than it.
      if (!fresh(response)) return;
      if (vary.length > 0) entries.set(fill.key, { vary });
      entries.set(variant, response);
    };
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = Buffer.from(payload);
      // Compressed here for its reader rather than by the compressor, so the cache keeps the copy sent.
      const sent = await encodedForReader(request, reply, body);
      store(body, sent && { [sent.encoding]: sent.body });
      return sent?.body ?? payload;
    }
    // A redirect has no body.
    else if (payload === undefined || payload === null) store(Buffer.alloc(0));
    else if (isReadable(payload)) return recorded(payload, maxSize, store);
    return payload;
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const isWrite = (request: FastifyRequest) => {
  const config = request.routeOptions.config;
  return !READ_METHODS.has(request.method) && !config.anonymousCache && !config.keepsReadCache;
};

/** Canonical JSON: the same body with its keys in another order is the same read. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? '';
}

// The origin is part of the key: without PUBLIC_URL, pages name the address they were asked at.
const cacheKey = (request: FastifyRequest) =>
  `${request.method} ${request.protocol}://${request.host}${request.url} ${request.body === undefined ? '' : canonical(request.body)}`;

/** The request headers an answer depends on besides those every answer varies on alike. */
const variedHeaders = (reply: FastifyReply) =>
  String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && !HOOK_VARY.has(name))
    .sort();

/** The key of the answer to a request that sent these values of the headers a URL's answers vary on. */
const variantKey = (key: string, vary: string[], request: FastifyRequest) =>
  `${key} ${JSON.stringify(vary.map((name) => request.headers[name] ?? null))}`;

function storable(reply: FastifyReply): boolean {
  if (reply.statusCode >= 500 || reply.statusCode === 304 || reply.hasHeader('set-cookie')) return false;
  if (/\b(private|no-store)\b/i.test(String(reply.getHeader('cache-control') ?? ''))) return false;
  return !variedHeaders(reply).includes('*');
}

function replayedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

const bodyBytes = (entry: CachedResponse) =>
  entry.body.length + Object.values(entry.encoded).reduce((sum, body) => sum + body.length, 0);

const isReadable = (payload: unknown): payload is Readable => typeof (payload as Readable | null)?.pipe === 'function';

/** Passes a streamed answer (server rendering) through while keeping a copy, stored once it ends whole and small enough. */
function recorded(source: Readable, limit: number, store: (body: Buffer) => void): Readable {
  const chunks: Buffer[] = [];
  let size = 0;
  const copy = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size <= limit) chunks.push(buffer);
      done(null, buffer);
    },
    flush(done) {
      if (size <= limit) store(Buffer.concat(chunks));
      done();
    },
  });
  pipeline(source, copy).catch(() => {}); // A broken stream ends the answer; pipeline destroys both and nothing is stored.
  return copy;
}

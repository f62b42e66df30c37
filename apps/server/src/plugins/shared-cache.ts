import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a shared cache may go on serving an answer while it fetches a fresh one. */
const STALE_WHILE_REVALIDATE_SECONDS = 30;
/** Tries of one purge, and the wait before each next one (doubling). */
const PURGE_TRIES = 4;
const FIRST_RETRY_MS = 500;
const PURGE_TIMEOUT_MS = 5000;

/**
 * The headers a shared cache in front of the site (a CDN, Varnish) needs for an anonymous answer the
 * read cache keeps: how long it may keep it (`s-maxage`: long when a purge hook tells it of changes,
 * else as long as counts may lag anyway), how long it may serve it stale while refreshing, and what
 * it shows, as `Surrogate-Key` (Fastly, Varnish) and `Cache-Tag` (Cloudflare, Akamai), for the
 * purges below. A browser's own copy is kept as the route says (max-age, 0 by default).
 */
export function sharedCacheHeaders(app: FastifyInstance, reply: FastifyReply, tags: readonly string[]) {
  const browser = /\bmax-age=(\d+)/.exec(String(reply.getHeader('cache-control') ?? ''))?.[1] ?? '0';
  reply
    .header(
      'cache-control',
      `public, max-age=${browser}, s-maxage=${app.config.sharedCacheSeconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
    )
    .header('surrogate-key', tags.join(' '))
    .header('cache-tag', tags.join(','));
}

export interface SharedCachePurge {
  /** Queues the purge of these tags. */
  purge(tags: readonly string[]): void;
  /** Settles once the purges queued so far went (or were given up), or after `waitMs`. */
  sent(waitMs: number): Promise<void>;
}

/**
 * Tells the shared cache in front (CACHE_PURGE_URL) what a write made here changed: a `PURGE`
 * request to that address naming the tags in `Surrogate-Key`, space-separated, exactly the keys the
 * answers carry. Sent in order after the write's answer left, without holding it up; a failed one is
 * tried again a few times, then logged (until then the shared cache serves its copy for at most
 * SHARED_CACHE_SECONDS). Without the setting, nothing is sent.
 *
 * `sent()` settles once every purge asked for so far was sent or given up, or after `waitMs`: the
 * app waits for it as it closes, for no other instance sends the purges of this one's writes.
 */
export function sharedCachePurge(app: FastifyInstance): SharedCachePurge {
  const url = app.config.cachePurgeUrl;
  if (!url) return { purge: () => {}, sent: async () => {} };
  let queue = Promise.resolve();
  const send = async (tags: readonly string[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'PURGE',
          headers: { 'surrogate-key': tags.join(' ') },
          signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return;
        throw new Error(`answered ${response.status}`);
      } catch (error) {
        if (attempt === PURGE_TRIES) {
          app.log.error({ err: error, tags }, 'the shared cache was not purged');
          return;
        }
        await setTimeout(FIRST_RETRY_MS * 2 ** (attempt - 1));
      }
    }
  };
  return {
    purge: (tags) => {
      queue = queue.then(() => send(tags));
    },
    async sent(waitMs) {
      const late = await Promise.race([queue.then(() => false), setTimeout(waitMs, true, { ref: false })]);
      if (late) app.log.error({ waitMs }, 'the shared cache was not purged of every write before the server stopped');
    },
  };
}

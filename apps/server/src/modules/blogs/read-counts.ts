import { createHmac, randomBytes } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
} from 'fastify';
import type { GetBlogBody, ReadBlogBody } from '@inkwell/contracts';
import { enqueueJob } from '../jobs/index.ts';
import { daySalt, forgetVisitorsBefore, type Read } from './blogs.repository.ts';
import { Tags } from '../../plugins/cache-tags.ts';
import { countReads } from './blogs.service.ts';
import { referrerSource } from './referrer-source.ts';

/** Four parameters a read: well below PostgreSQL's 65 535 a statement. */
const READS_PER_STATEMENT = 5000;

/** The job that forgets a day's visitors once the day after it is over too. */
const FORGET_VISITORS_QUEUE = 'forget-visitors';

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const dayBefore = (day: string) => dayOf(Date.parse(day) - DAY_MS);

declare module 'fastify' {
  interface FastifyInstance {
    readCounts: ReadCounts;
  }
}

export interface ReadCounts {
  /**
   * The hooks of get-blog and of the read call: a blog answered outside edit mode is a read, whether
   * the cache or the handler answered it (the flush leaves out drafts and unknown blogs). The reader's
   * address is taken as the request arrives: once a reader has gone (a page closed as its beacon
   * left), their socket no longer knows it.
   */
  hooks: { onRequest: onRequestHookHandler; onResponse: onResponseHookHandler };
  /** Counts every read noted so far; a batch that fails stays to be counted by the next flush. */
  flush(): Promise<void>;
}

/**
 * A read noted in memory: a signed-in reader by their account, anyone else by their address, which
 * stays here only until the flush hashes it (visitorOf) and is never written anywhere.
 */
interface NotedRead {
  blogId: string;
  day: string;
  source: string;
  userId: string | undefined;
  ip: string;
}

/**
 * Opening a blog counts one read for the blog and its author, at most once per visitor per blog
 * per UTC day, never for the author nor in edit mode. A read never writes in the request: it is
 * noted in memory and counted every READ_FLUSH_SECONDS (5) in one statement (which leaves out the
 * author's own reads and drafts), and once more when the server shuts down. The batch keeps one read
 * per visitor per blog per day (the first: where that reader came from) and the database's key on
 * those three has the last word across batches and instances, so counts stay exact; counting
 * invalidates the blogs and authors it counted, so cached answers show the new counts.
 *
 * A visitor who is not signed in is kept as HMAC-SHA256 of their address under the day's salt, a
 * random secret every instance shares (visitor_salts): no cookie, no user agent, and no address
 * that could be found again by hashing every address there is. The forget-visitors job deletes a
 * day's salt and its reads one by one once the next day is over too (the batch of a flush just
 * after midnight still needs yesterday's); the day's counts stay.
 */
export function registerReadCounts(app: FastifyInstance) {
  let pending = new Map<string, NotedRead>();
  /** The salts of the days this instance counts (and whose forgetting it has queued). */
  const salts = new Map<string, string>();

  async function saltOf(day: string) {
    const known = salts.get(day);
    if (known) return known;
    const salt = await daySalt(app.db, day, randomBytes(32).toString('base64url'));
    await enqueueJob(app.db, {
      queue: FORGET_VISITORS_QUEUE,
      payload: {},
      runAt: new Date(Date.parse(day) + 2 * DAY_MS),
      key: `${FORGET_VISITORS_QUEUE}:${day}`,
    });
    salts.set(day, salt);
    return salt;
  }

  /** The reads as they are written: each visitor by their account, or their address hashed with its day's salt. */
  async function toCount(batch: NotedRead[]): Promise<Read[]> {
    const yesterday = dayBefore(dayOf(app.clock().getTime()));
    for (const day of salts.keys()) if (day < yesterday) salts.delete(day);
    // Every day of the batch gets its salt, and its forgetting queued, before any read of it is written.
    const daySalts = new Map<string, string>();
    for (const day of new Set(batch.map((read) => read.day))) daySalts.set(day, await saltOf(day));
    return batch.map(({ blogId, day, source, userId, ip }) => ({
      blogId,
      day,
      source,
      visitor: userId
        ? `user:${userId}`
        : `ip:${createHmac('sha256', daySalts.get(day)!).update(ip).digest('base64url')}`,
    }));
  }

  const publicHost = app.config.publicUrl ? [new URL(app.config.publicUrl).host] : [];

  const addresses = new WeakMap<FastifyRequest, string>();

  function countRead(request: FastifyRequest, reply: FastifyReply) {
    // A refused request counts nothing, and its body may be anything (or none): look at it only once answered.
    if (reply.statusCode >= 300) return;
    const { blog_id, mode, referrer } = request.body as GetBlogBody & ReadBlogBody;
    if (mode === 'edit') return;
    const userId = request.user?.id;
    const ip = addresses.get(request)!;
    const day = dayOf(app.clock().getTime());
    const key = `${day} ${userId ? `user:${userId}` : `ip:${ip}`} ${blog_id}`;
    // The first read of the day is the one the database keeps, and with it where the reader came from.
    if (pending.has(key)) return;
    // get-blog carries no referrer: the app fetched the blog as the reader moved within the site, as direct as a link of ours.
    const source = referrerSource(referrer, [request.host, ...publicHost]);
    pending.set(key, { blogId: blog_id, day, source, userId, ip });
  }

  const readCounts: ReadCounts = {
    hooks: {
      onRequest(request, _reply, done) {
        addresses.set(request, request.ip);
        done();
      },
      onResponse(request, reply, done) {
        countRead(request, reply);
        done();
      },
    },
    async flush() {
      if (pending.size === 0) return;
      const batch = [...pending];
      pending = new Map();
      const counted: { blogId: string; authorId: string }[] = [];
      try {
        for (let start = 0; start < batch.length; start += READS_PER_STATEMENT) {
          const chunk = batch.slice(start, start + READS_PER_STATEMENT).map(([, read]) => read);
          counted.push(...(await countReads(app.db, await toCount(chunk))));
        }
      } catch (error) {
        // Chunks already counted count nothing the second time: their rows exist. A read of the batch came first.
        for (const [key, read] of batch) pending.set(key, read);
        throw error;
      } finally {
        // Already a batch, a lag's worth of reads: the answers showing these counts go now.
        if (counted.length > 0)
          await app.readCache.recount([
            Tags.trending,
            ...counted.flatMap(({ blogId, authorId }) => [Tags.blog(blogId), Tags.member(authorId)]),
          ]);
      }
    },
  };
  app.decorate('readCounts', readCounts);

  app.jobs.register({
    queue: FORGET_VISITORS_QUEUE,
    run: () => forgetVisitorsBefore(app.db, dayBefore(dayOf(app.clock().getTime()))),
  });

  const seconds = app.config.readFlushSeconds;
  const timer =
    seconds > 0
      ? setInterval(() => {
          readCounts
            .flush()
            .catch((error: unknown) =>
              app.log.warn({ err: error }, 'reads not counted yet; trying again at the next flush'),
            );
        }, seconds * 1000).unref()
      : undefined;
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await readCounts.flush();
  });
}

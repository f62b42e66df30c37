import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GetBlogBody } from '@inkwell/contracts';
import type { Read } from './blogs.repository.ts';
import { countReads } from './blogs.service.ts';

/** Three parameters a read: well below PostgreSQL's 65 535 a statement. */
const READS_PER_STATEMENT = 5000;

declare module 'fastify' {
  interface FastifyInstance {
    readCounts: ReadCounts;
  }
}

export interface ReadCounts {
  /**
   * The onResponse hook of get-blog and of the read call: a blog answered outside edit mode is a
   * read, whether the cache or the handler answered it (the flush leaves out drafts and unknown blogs).
   */
  countRead(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts every read noted so far; a batch that fails stays to be counted by the next flush. */
  flush(): Promise<void>;
}

/** Who counts as one visitor: the account, or else a hash of the address (never stored raw). */
const visitorKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${createHash('sha256').update(request.ip).digest('hex')}`;

/**
 * Opening a blog counts one read for the blog and its author, at most once per visitor per blog
 * per UTC day, never for the author nor in edit mode. A read never writes in the request: it is
 * noted in memory and counted every READ_FLUSH_SECONDS (5) in one statement (which leaves out the
 * author's own reads and drafts), and once more when the server shuts down. The batch keeps one read
 * per visitor per blog per day and the database's key on those three has the last word across
 * batches and instances, so counts stay exact; counting moves the cache's generation on, so
 * cached answers show the new counts.
 */
export function registerReadCounts(app: FastifyInstance) {
  let pending = new Map<string, Read>();

  const readCounts: ReadCounts = {
    async countRead(request, reply) {
      // A refused request counts nothing, and its body may be anything (or none): look at it only once answered.
      if (reply.statusCode >= 300) return;
      const { blog_id, mode } = request.body as GetBlogBody;
      if (mode === 'edit') return;
      const read = { blogId: blog_id, visitor: visitorKey(request), day: new Date().toISOString().slice(0, 10) };
      pending.set(`${read.day} ${read.visitor} ${read.blogId}`, read);
    },
    async flush() {
      if (pending.size === 0) return;
      const batch = [...pending];
      pending = new Map();
      let counted = 0;
      try {
        for (let start = 0; start < batch.length; start += READS_PER_STATEMENT) {
          counted += await countReads(
            app.db,
            batch.slice(start, start + READS_PER_STATEMENT).map(([, read]) => read),
          );
        }
      } catch (error) {
        // Chunks already counted count nothing the second time: their rows exist.
        for (const [key, read] of batch) if (!pending.has(key)) pending.set(key, read);
        throw error;
      } finally {
        if (counted > 0) await app.readCache.invalidate();
      }
    },
  };
  app.decorate('readCounts', readCounts);

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

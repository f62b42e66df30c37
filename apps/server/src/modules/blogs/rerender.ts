import { asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EditorOutput } from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { blogs } from '../../db/schema/index.ts';
import { renderAgain, RENDER_VERSION } from '../content/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { Tags } from '../../plugins/cache-tags.ts';

/*
 * When the sanitiser's or the highlighting's rules change (content's RENDER_VERSION), every blog
 * stored by the old rules is rendered again: a job, queued as the server starts when any is left,
 * works through them in short transactions on one instance at a time, survives a restart, and
 * is retried when it fails (ADR 6). Until it reaches a blog, get-blog renders that blog on each
 * read (blogs.presenter.ts), so no reader ever sees markup the rules of today would not write.
 */

export const RERENDER_QUEUE = 'rerender-blogs';
/** Blogs rendered again in one transaction. */
const PER_BATCH = 100;
/** Batches one job does before it queues the next, so that a run stays well within its lease. */
const BATCHES_PER_JOB = 20;

/** Rendered by other rules than today's: two ranges of blogs_render_version_idx, not a scan of every blog. */
const renderedOtherwise = or(lt(blogs.renderVersion, RENDER_VERSION), gt(blogs.renderVersion, RENDER_VERSION));

/**
 * Renders up to PER_BATCH blogs stored by other rules again, in one transaction, passing over the
 * rows another instance holds; answers how many. Their updated_at stays: nobody edited them.
 */
export async function rerenderBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: blogs.id, content: blogs.content })
      .from(blogs)
      .where(renderedOtherwise)
      .orderBy(asc(blogs.id))
      .limit(PER_BATCH)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      // Stored only after cleanEditorOutput checked every block against its schema.
      const { content, codeHtml, wordCount, renderVersion } = renderAgain(row.content as EditorOutput);
      await tx.update(blogs).set({ content, codeHtml, wordCount, renderVersion }).where(eq(blogs.id, row.id));
    }
    return rows.length;
  });
}

/** The job of the `round`th pass of today's rules; its key keeps instances starting together from queueing it twice. */
const rerenderJob = (round: number) => ({
  queue: RERENDER_QUEUE,
  payload: { round },
  key: `${RERENDER_QUEUE} ${RENDER_VERSION} ${round}`,
});

/** Queues the re-render when any blog was rendered by other rules; answers whether it did. */
export async function queueRerender(db: Db): Promise<boolean> {
  const [left] = await db
    .select({ one: sql`1` })
    .from(blogs)
    .where(renderedOtherwise)
    .limit(1);
  return left !== undefined && (await enqueueJob(db, rerenderJob(0)));
}

export function registerRerender(app: FastifyInstance) {
  app.jobs.register<{ round: number }>({
    queue: RERENDER_QUEUE,
    async run({ round }) {
      let rendered = 0;
      for (let batch = 0; batch < BATCHES_PER_JOB; batch++) {
        const done = await rerenderBatch(app.db);
        rendered += done;
        if (done < PER_BATCH) break;
      }
      // Answers were rendered on read as they are now stored, but for the words a card counts. Rare (a
      // change of rules, once per release at most): the cache is emptied whole.
      if (rendered > 0) await app.readCache.invalidate([Tags.site]);
      if (rendered === PER_BATCH * BATCHES_PER_JOB) await enqueueJob(app.db, rerenderJob(round + 1));
    },
  });
  app.addHook('onReady', async () => {
    // The server serves either way (reads render what the job has not reached): a failure here is only logged.
    await queueRerender(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'blogs stored by older rules not queued to be rendered again'),
    );
  });
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { IMAGE_KEY, IMAGE_VARIANT_WIDTHS, imageVariantKey } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { images } from '../../db/schema/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { ImageStore } from './image-store.ts';
import { shareCopyKey } from './uploads.service.ts';

const QUEUE = 'forget-images';

/**
 * A handler of a member leaving: the images they uploaded are to go, files and all, once the
 * deletion commits (a job: files are not undone with a transaction that rolls back). The job names
 * them by content hash only; their rows lose their owner as the account goes.
 */
export async function queueForgettingImagesOf(tx: Executor, { userId }: { userId: string }) {
  const rows = await tx.select({ key: images.key }).from(images).where(eq(images.ownerId, userId));
  if (rows.length > 0) await enqueueJob(tx, { queue: QUEUE, payload: { keys: rows.map((row) => row.key) } });
}

/**
 * Of these image hashes, those still shown somewhere: in a blog or a revision (banner or content),
 * a profile picture or the site's identity. One pass over each table, in any form the address
 * takes (the original, a copy, with or without the origin).
 */
async function hashesInUse(db: Executor, hashes: string[]): Promise<Set<string>> {
  const pattern = '/uploads/([0-9a-f]{64})';
  const rows = await queryRows<{ hash: string }>(
    db,
    sql`select distinct found[1] as hash from (
      select regexp_matches(banner || ' ' || content::text, ${pattern}, 'g') as found from blogs
      union all select regexp_matches(banner || ' ' || content::text, ${pattern}, 'g') from blog_revisions
      union all select regexp_matches(profile_img, ${pattern}, 'g') from users
      union all select regexp_matches(concat_ws(' ', logo, icon, share_image), ${pattern}, 'g') from site_identity
    ) shown where found[1] in ${hashes}`,
  );
  return new Set(rows.map((row) => row.hash));
}

/**
 * The job: each image that nothing shows any more, and nobody else owns (the first uploader of
 * identical bytes is their owner: another member who uploaded them after shows them somewhere, or
 * keeps a row of theirs), loses its row, then its files: the original, its WebP copies and its
 * share copy. An image still shown stays, ownerless, as an image older than owners does.
 */
export function registerImageForgetting(app: FastifyInstance, store: ImageStore) {
  app.jobs.register<{ keys: string[] }>({
    queue: QUEUE,
    async run({ keys }) {
      const stored = keys.flatMap((key) => {
        const hash = IMAGE_KEY.exec(key)?.[1];
        return hash ? [{ key, hash }] : [];
      });
      if (stored.length === 0) return;
      const shown = await hashesInUse(app.db, [...new Set(stored.map((image) => image.hash))]);
      const unshown = stored.filter((image) => !shown.has(image.hash));
      if (unshown.length === 0) return;
      const gone = await app.db
        .delete(images)
        .where(
          and(
            inArray(
              images.key,
              unshown.map((image) => image.key),
            ),
            isNull(images.ownerId),
          ),
        )
        .returning({ key: images.key });
      for (const { key } of gone) {
        const hash = IMAGE_KEY.exec(key)![1]!;
        const files = [key, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantKey(hash, width)), shareCopyKey(hash)];
        for (const file of files) await store.remove(file);
      }
    },
  });
}

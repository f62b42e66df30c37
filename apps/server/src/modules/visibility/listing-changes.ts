import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { listingChanges } from '../../db/schema/index.ts';
import { shows, Tags } from '../../plugins/cache-tags.ts';

/*
 * When what readers find listed last changed (listing_changes' one row): a feed's and a sitemap's
 * Last-Modified. Moved in the transaction of every change of what they show (a blog listed, edited
 * or taken out of the lists, for whatever reason; an author's name or bio), so it moves with the
 * change on every instance, removals included, where the newest remaining blog's date would go back.
 *
 * One stamp for the site, not one per author or tag: a removal has to move the feeds that no longer
 * show the blog, and an author's or a tag's stamp would need a row per author and tag kept through
 * every rename and retag. A change elsewhere makes an untouched feed answer 200 to If-Modified-Since;
 * a client that sends its ETag (the body's hash) still gets 304.
 */

/** Moves the stamp to the database's time now, in the caller's transaction; its row stays locked until that commits. */
export async function noteListingChanged(tx: Executor) {
  await tx.update(listingChanges).set({ changedAt: sql`greatest(clock_timestamp(), ${listingChanges.changedAt})` });
}

/**
 * The stamp, and whether its second is over: an HTTP date has whole seconds, so a date sent in the
 * second of a change could be the date of the next change too, and a client holding it would be told
 * nothing changed. The read waits (FOR SHARE) for a change whose transaction moved the stamp to
 * commit, and compares with the database's own clock: a change after the read is stamped in a later
 * second than any settled stamp it answers.
 */
export async function listingChangedAt(db: Executor): Promise<{ changedAt: Date; settled: boolean }> {
  shows(Tags.listings);
  const [row] = await db
    .select({
      changedAt: listingChanges.changedAt,
      settled: sql<boolean>`date_trunc('second', ${listingChanges.changedAt}) < date_trunc('second', clock_timestamp())`,
    })
    .from(listingChanges)
    .for('share');
  return row!;
}

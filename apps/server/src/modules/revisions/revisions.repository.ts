import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { blogRevisions } from '../../db/schema/index.ts';

export type RevisionRow = typeof blogRevisions.$inferSelect;
export type NewRevision = Omit<typeof blogRevisions.$inferInsert, 'id'>;

/** How many of a blog's newest revisions are all kept; before them, the last of each UTC day. */
export const KEPT_REVISIONS = 100;

/**
 * Stores a revision and thins the blog's older ones, in the caller's transaction (the save's, with
 * the blog's row locked, so two saves never thin at once). A day whose last revision is among the
 * newest 100 keeps no other revision beyond them.
 */
export async function recordRevision(tx: Executor, revision: NewRevision): Promise<void> {
  await tx.insert(blogRevisions).values(revision);
  await tx.execute(sql`
    delete from ${blogRevisions} where id in (
      select id from (
        select id,
          row_number() over (order by saved_at desc, id desc) as newest,
          row_number() over (partition by (saved_at at time zone 'UTC')::date order by saved_at desc, id desc) as newest_of_day
        from ${blogRevisions} where blog_id = ${revision.blogId}
      ) ranked
      where newest > ${KEPT_REVISIONS} and newest_of_day > 1
    )`);
}

const summary = {
  id: blogRevisions.id,
  savedAt: blogRevisions.savedAt,
  draft: blogRevisions.draft,
  title: blogRevisions.title,
};
export type RevisionSummaryRow = Pick<RevisionRow, 'id' | 'savedAt' | 'draft' | 'title'>;

/** A blog's revisions (by the blog's row id), newest first, through blog_revisions_blog_idx. */
export async function listRevisions(db: Executor, blogId: string): Promise<RevisionSummaryRow[]> {
  return db
    .select(summary)
    .from(blogRevisions)
    .where(eq(blogRevisions.blogId, blogId))
    .orderBy(desc(blogRevisions.savedAt), desc(blogRevisions.id));
}

/** One revision of that blog: a revision of another blog is none. */
export async function findRevision(db: Executor, blogId: string, id: string): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(blogRevisions)
    .where(and(eq(blogRevisions.blogId, blogId), eq(blogRevisions.id, id)));
  return row;
}

import { and, asc, eq, getTableColumns, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { readOnce } from '../../db/read-once.ts';
import { queryRows } from '../../db/query-rows.ts';
import { isTrusted } from '@inkwell/contracts';
import { blogReads, blogs, users, visitorSalts } from '../../db/schema/index.ts';
import { countChanged, Tags } from '../../plugins/cache-tags.ts';
import { trustedAfterSql } from '../site/index.ts';
import { readableByReaders } from '../visibility/index.ts';

export type BlogRow = typeof blogs.$inferSelect;
export type NewBlog = typeof blogs.$inferInsert;

export interface AuthorInfo {
  fullname: string;
  username: string;
  profileImg: string;
}

/**
 * A blog's every column but its search vector, which only search reads: PostgreSQL writes it out as
 * text, a tenth of the longest blog's read (25 ms instead of 27 on PGlite).
 */
const { search: _searchVector, ...blogColumns } = getTableColumns(blogs);

/** A blog whole, with its author, and whether the author is trusted (policies.ts isTrusted: their links are followed). */
export type BlogWithAuthor = Omit<BlogRow, 'search'> & { author: AuthorInfo; authorTrusted: boolean };

const author = { fullname: users.fullname, username: users.username, profileImg: users.profileImg };

/** What a list shows of a blog (never its content), for a select joined with the author. */
export const blogCardColumns = {
  id: blogs.id,
  authorId: blogs.authorId,
  blogId: blogs.blogId,
  title: blogs.title,
  des: blogs.des,
  banner: blogs.banner,
  tags: blogs.tags,
  publishedAt: blogs.publishedAt,
  totalLikes: blogs.totalLikes,
  totalComments: blogs.totalComments,
  totalParentComments: blogs.totalParentComments,
  totalReads: blogs.totalReads,
  wordCount: blogs.wordCount,
  author,
};
export type BlogCardRow = Pick<
  BlogRow,
  | 'id'
  | 'authorId'
  | 'blogId'
  | 'title'
  | 'des'
  | 'banner'
  | 'tags'
  | 'publishedAt'
  | 'totalLikes'
  | 'totalComments'
  | 'totalParentComments'
  | 'totalReads'
  | 'wordCount'
> & { author: AuthorInfo };

/** What findBlog selects beside the blog: its author, and what says whether they are trusted. */
const withAuthor = {
  author,
  trust: { role: users.role, trust: users.trust, totalPosts: users.totalPosts },
  trustedAfter: trustedAfterSql,
};
type TrustOf = Parameters<typeof isTrusted>;
/** A selected blog with its author, and whether the author is trusted (policies.ts isTrusted: their links are followed). */
const joinedAuthor = <B extends object>(row: {
  blog: B;
  author: AuthorInfo;
  trust: TrustOf[0];
  trustedAfter: TrustOf[1];
}) => ({
  ...row.blog,
  author: row.author,
  authorTrusted: isTrusted(row.trust, row.trustedAfter),
});

/** The blog whose blog_id is the placeholder `blogId`, with its author, and `beside` selected from the same row. */
const selectBlogWithAuthor = <T extends SelectedFields>(db: Executor, beside: T) =>
  db
    .select({ blog: blogColumns, ...withAuthor, ...beside })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.authorId))
    .where(eq(blogs.blogId, sql.placeholder('blogId')));

/** A blog by its blog_id with its author; prepared, for every blog page and get-blog. */
const blogWithAuthor = preparedPerDatabase((db) => selectBlogWithAuthor(db, {}).prepare('find_blog'));

const foundBlogKey = (blogId: string) => `blog ${blogId}`;

/**
 * A blog and its author; read once for a page's head and its data (readOnce). With what a read
 * ahead of it needs (blog-lists' blog page, db/read-once.ts readAhead): its select, with more
 * columns beside, and the key its answer is kept under within a load.
 */
export const findBlog = Object.assign(
  async (db: Executor, blogId: string): Promise<BlogWithAuthor | undefined> => {
    const [row] = await readOnce(foundBlogKey(blogId), () => blogWithAuthor(db).execute({ blogId }));
    return row && joinedAuthor(row);
  },
  { selectWithAuthor: selectBlogWithAuthor, key: foundBlogKey },
);

/** The row to update, locked so two saves of one blog cannot both count a first publish. */
export async function findBlogForUpdate(tx: Executor, blogId: string): Promise<BlogRow | undefined> {
  const [row] = await tx.select().from(blogs).where(eq(blogs.blogId, blogId)).for('update');
  return row;
}

/**
 * A save's time, to the millisecond: clients hold it as a JS date, and create-blog compares theirs
 * with the stored one (timestamptz alone keeps microseconds).
 */
const savedNow = sql`date_trunc('milliseconds', now())`;

/** An imported blog keeps its old site's updated_at; every other is saved now. */
export async function insertBlog(tx: Executor, values: NewBlog): Promise<BlogRow> {
  const [row] = await tx
    .insert(blogs)
    .values({ ...values, updatedAt: values.updatedAt ?? savedNow })
    .returning();
  return row!;
}

/** Answers the blog's new updated_at. */
export async function updateBlog(tx: Executor, id: string, values: Partial<NewBlog>): Promise<Date> {
  const [row] = await tx
    .update(blogs)
    .set({ ...values, updatedAt: savedNow })
    .where(eq(blogs.id, id))
    .returning({ updatedAt: blogs.updatedAt });
  return row!.updatedAt;
}

/**
 * Publishes a draft, checked again as it is written: only a draft's publishing counts (answers
 * whether it did). `updated_at` stays, since the writer changed nothing.
 */
export async function markPublished(tx: Executor, id: string, publishedAt: Date): Promise<boolean> {
  const published = await tx
    .update(blogs)
    .set({ draft: false, publishedAt, publishAt: null })
    .where(and(eq(blogs.id, id), eq(blogs.draft, true)))
    .returning({ id: blogs.id });
  return published.length > 0;
}

/** Takes a draft to the review queue, as its publishing would if its author were trusted. */
export async function sendForReview(tx: Executor, id: string) {
  await tx
    .update(blogs)
    .set({ draft: false, awaitingReview: true, publishAt: null })
    .where(and(eq(blogs.id, id), eq(blogs.draft, true)));
}

/** A draft's time to be published, or (null) none. */
export async function setPublishAt(tx: Executor, id: string, publishAt: Date | null) {
  await tx.update(blogs).set({ publishAt }).where(eq(blogs.id, id));
}

/**
 * Up to `limit` scheduled drafts due at `now`, the earliest first, locked; rows another transaction
 * holds are passed by. A silenced or suspended author publishes nothing: their drafts wait.
 */
export async function lockDueBlogs(tx: Executor, now: Date, limit: number) {
  return tx
    .select({
      id: blogs.id,
      blogId: blogs.blogId,
      authorId: blogs.authorId,
      authorStanding: blogs.authorStanding,
      tags: blogs.tags,
      publishedAt: blogs.publishedAt,
      publishAt: blogs.publishAt,
    })
    .from(blogs)
    .where(
      and(
        eq(blogs.draft, true),
        isNotNull(blogs.publishAt),
        lte(blogs.publishAt, now),
        eq(blogs.authorStanding, 'active'),
      ),
    )
    .orderBy(asc(blogs.publishAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * The blog's row, locked until the transaction ends: 'update' makes every comment change of a blog
 * wait for the one before (its counters with it); 'key share' only keeps the blog from being
 * deleted meanwhile, so likes of one blog go on side by side. `readable` leaves out a blog no
 * reader may see.
 */
export async function lockBlog(
  tx: Executor,
  id: string,
  { lock, readable }: { lock: 'update' | 'key share'; readable: boolean },
) {
  const [row] = await tx
    .select({ id: blogs.id, blogId: blogs.blogId, authorId: blogs.authorId })
    .from(blogs)
    .where(readable ? and(eq(blogs.id, id), readableByReaders) : eq(blogs.id, id))
    .for(lock);
  return row;
}

/** The counts a like or a comment changes on its blog, by the rows just added (+) or removed (-). */
export interface ActivityChange {
  likes?: number;
  comments?: number;
  parents?: number;
}

/**
 * A change of a blog's counts: its page, the cards that show it and trending are no longer what
 * readers see (cache-tags.ts); called with every change of addToActivity or activityUpdate.
 */
export const activityChanged = (id: string) => countChanged(Tags.blog(id), Tags.trending);

/**
 * The counters' UPDATE of blog `id`, for a statement of the caller's own, when `when` holds there;
 * it returns the new totals (total_likes, total_comments, total_parent_comments).
 */
export const activityUpdate = (
  id: string,
  { likes = 0, comments = 0, parents = 0 }: ActivityChange,
  when = sql`true`,
) =>
  sql`update ${blogs} set total_likes = ${blogs.totalLikes} + ${likes}, total_comments = ${blogs.totalComments} + ${comments},
    total_parent_comments = ${blogs.totalParentComments} + ${parents}
    where ${blogs.id} = ${id} and ${when}
    returning ${blogs.totalLikes}, ${blogs.totalComments}, ${blogs.totalParentComments}`;

/** Changes a blog's like and comment counters by the rows just added or removed; answers the new totals. */
export async function addToActivity(tx: Executor, id: string, change: ActivityChange) {
  activityChanged(id);
  const [row] = await queryRows<{ total_likes: number; total_comments: number; total_parent_comments: number }>(
    tx,
    activityUpdate(id, change),
  );
  return {
    totalLikes: row!.total_likes,
    totalComments: row!.total_comments,
    totalParentComments: row!.total_parent_comments,
  };
}

export async function findBlogForDelete(tx: Executor, blogId: string) {
  const [row] = await tx
    .select({
      id: blogs.id,
      authorId: blogs.authorId,
      draft: blogs.draft,
      awaitingReview: blogs.awaitingReview,
      hiddenReason: blogs.hiddenReason,
      authorStanding: blogs.authorStanding,
      tags: blogs.tags,
      publishedAt: blogs.publishedAt,
      totalReads: blogs.totalReads,
    })
    .from(blogs)
    .where(eq(blogs.blogId, blogId))
    .for('update');
  return row;
}

/** Likes, comments, reads and notifications of the blog go with it (foreign keys cascade). */
export async function deleteBlogRow(tx: Executor, id: string) {
  await tx.delete(blogs).where(eq(blogs.id, id));
}

/** One visitor's read of a blog (by its blog_id) on a UTC day (`YYYY-MM-DD`), waiting to be counted. */
export interface Read {
  blogId: string;
  /** `user:<id>` for a signed-in reader, else `ip:` and the address hashed with the day's salt (read-counts.ts). */
  visitor: string;
  day: string;
  /** Where the reader came from (referrer-source.ts): a host, `search` or `direct`. */
  source: string;
}

/**
 * Counts a batch of reads in one statement: each (blog, visitor, day) that has no row yet gets one,
 * and adds one read to the blog's counter, to its day's (blog_daily_reads) and to its day's count
 * for where the reader came from (blog_referrers); the three add up the same reads, so a blog's days
 * sum to its total_reads. A read already counted (by an earlier batch, or by another instance), by
 * the blog's own author, or of a blog no reader may see counts nothing. Answers how many counted for
 * each blog, and its author, whose counters the caller adds them to.
 */
export async function recordReads(
  tx: Executor,
  reads: Read[],
): Promise<{ blogId: string; authorId: string; reads: number }[]> {
  const incoming = sql.join(
    reads.map((r) => sql`(${r.blogId}::text, ${r.visitor}::text, ${r.day}::date, ${r.source}::text)`),
    sql`, `,
  );
  // Rows are added in key order, so two instances flushing at once lock them in one order.
  const rows = await queryRows<{ blog_id: string; author_id: string; reads: number }>(
    tx,
    sql`with incoming (blog_id, visitor, day, source) as (values ${incoming}),
      candidates as (
        select distinct on (${blogs.id}, i.visitor, i.day) ${blogs.id} as blog_id, i.visitor, i.day, i.source
        from incoming i
        join ${blogs} on ${blogs.blogId} = i.blog_id and ${readableByReaders} and i.visitor <> ('user:' || ${blogs.authorId})
      ),
      counted as (
        insert into blog_reads (blog_id, visitor, day)
        select blog_id, visitor, day from candidates
        on conflict do nothing
        returning blog_id, visitor, day
      ),
      per_day as (
        insert into blog_daily_reads (blog_id, day, reads)
        select blog_id, day, count(*)::int from counted group by blog_id, day order by blog_id, day
        on conflict (blog_id, day) do update set reads = blog_daily_reads.reads + excluded.reads
      ),
      per_source as (
        insert into blog_referrers (blog_id, day, source, reads)
        select c.blog_id, c.day, k.source, count(*)::int
        from counted c join candidates k using (blog_id, visitor, day)
        group by c.blog_id, c.day, k.source order by c.blog_id, c.day, k.source
        on conflict (blog_id, day, source) do update set reads = blog_referrers.reads + excluded.reads
      ),
      per_blog as (select blog_id, count(*)::int as n from counted group by blog_id),
      blogs_counted as (
        update blogs set total_reads = blogs.total_reads + p.n
        from per_blog p where blogs.id = p.blog_id
        returning blogs.id, blogs.author_id, p.n
      )
      select id::text as blog_id, author_id::text as author_id, n as reads from blogs_counted order by author_id`,
  );
  return rows.map((row) => ({ blogId: row.blog_id, authorId: row.author_id, reads: Number(row.reads) }));
}

/**
 * The secret of a UTC day's visitors (visitor_salts): made by the first instance to ask and read
 * back by every other, so all of them hash a visitor alike.
 */
export async function daySalt(db: Executor, day: string, fresh: string): Promise<string> {
  await db.insert(visitorSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day));
  return row!.salt;
}

/**
 * Forgets who read what before `day`: the days' salts, and their reads one by one, whose only use
 * was to count a visitor once a day. The counts stay (blog_daily_reads, total_reads).
 */
export async function forgetVisitorsBefore(db: Executor, day: string) {
  await db.delete(visitorSalts).where(lt(visitorSalts.day, day));
  await db.delete(blogReads).where(lt(blogReads.day, day));
}

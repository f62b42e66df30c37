import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import {
  blogDailyReads,
  blogDayCounts,
  blogReferrers,
  blogs,
  comments,
  follows,
  likes,
  subscribers,
  users,
} from '../../db/schema/index.ts';

/** How many things happened on a UTC day (`YYYY-MM-DD`); days without any have no row. */
export interface DayCount {
  day: string;
  n: number;
}

/**
 * Whose numbers: an author's blogs, or one of them (its id, `blogs.id`). Every statement reads the
 * rows of those blogs alone, by their blog's index (likes_blog_idx, comments_blog_idx, the keys of
 * blog_daily_reads and blog_referrers).
 */
export interface Scope {
  authorId: string;
  blog: string | undefined;
}

/** Rows on or after the UTC day `from` (a timestamp column), or all of them. */
const since = (column: SQL, from: string | undefined) =>
  from ? sql`and ${column} >= ${`${from}T00:00:00Z`}::timestamptz` : sql``;
/** Rows of days on or after `from` (a date column), or all of them. */
const sinceDay = (column: SQL, from: string | undefined) => (from ? sql`and ${column} >= ${from}::date` : sql``);
const utcDay = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

const blogsOf = ({ authorId, blog }: Scope) =>
  blog ? sql`(${blog}::uuid)` : sql`(select ${blogs.id} from ${blogs} where ${blogs.authorId} = ${authorId})`;

async function dayCounts(db: Executor, query: SQL): Promise<DayCount[]> {
  const rows = await queryRows<{ day: string; n: number | string }>(db, query);
  return rows.map((row) => ({ day: row.day, n: Number(row.n) }));
}

/** Timestamps counted per UTC day: `table` rows whose `column` is on or after `from`, and `where`. */
const perDay = (db: Executor, table: SQL, column: SQL, where: SQL, from: string | undefined) =>
  dayCounts(
    db,
    sql`select ${utcDay(column)} as day, count(*)::int as n from ${table} where ${where} ${since(column, from)} group by 1`,
  );

/* ---------- The site's, for its admins ---------- */

/** Accounts made per day (users_joined_idx). */
export const signUpsPerDay = (db: Executor, from: string) =>
  perDay(db, sql`${users}`, sql`${users.joinedAt}`, sql`true`, from);

/**
 * Blogs published per day, of those readers may see now: blog_day_counts, which blog-counts.ts keeps
 * in the transaction of every publish, return to draft, hiding and delete (a row a day, no scan of blogs).
 */
export const blogsPublishedPerDay = (db: Executor, from: string) =>
  dayCounts(
    db,
    sql`select to_char(${blogDayCounts.day}, 'YYYY-MM-DD') as day, ${blogDayCounts.total} as n
      from ${blogDayCounts} where ${blogDayCounts.total} > 0 ${sinceDay(sql`${blogDayCounts.day}`, from)}`,
  );

/** Comments and replies written per day, those staff deleted too (comments_created_idx). */
export const commentsPerDay = (db: Executor, from: string) =>
  perDay(db, sql`${comments}`, sql`${comments.createdAt}`, sql`true`, from);

/** Reads per day on every blog (blog_daily_reads_day_idx), or on a scope's (the key of blog_daily_reads). */
export const readsPerDay = (db: Executor, from: string | undefined, scope?: Scope) =>
  dayCounts(
    db,
    sql`select to_char(${blogDailyReads.day}, 'YYYY-MM-DD') as day, sum(${blogDailyReads.reads})::int as n
      from ${blogDailyReads} where ${scope ? sql`${blogDailyReads.blogId} in ${blogsOf(scope)}` : sql`true`}
      ${sinceDay(sql`${blogDailyReads.day}`, from)} group by ${blogDailyReads.day}`,
  );

/* ---------- An author's, for them alone ---------- */

/** The author's blog of that blog_id (its `blogs.id`); undefined for another's blog or none. */
export async function ownBlog(db: Executor, authorId: string, blogId: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select ${blogs.id}::text as id from ${blogs} where ${blogs.blogId} = ${blogId} and ${blogs.authorId} = ${authorId}`,
  );
  return row?.id;
}

/** When the author joined, and when the first of the scope's blogs was published (null if none ever was); UTC days. */
export async function firstDays(db: Executor, scope: Scope) {
  const [row] = await queryRows<{ joined: string; published: string | null }>(
    db,
    sql`select ${utcDay(sql`${users.joinedAt}`)} as joined,
      (select ${utcDay(sql`min(${blogs.publishedAt})`)} from ${blogs}
        where ${scope.blog ? sql`${blogs.id} = ${scope.blog}` : sql`${blogs.authorId} = ${scope.authorId}`}) as published
      from ${users} where ${users.id} = ${scope.authorId}`,
  );
  return row!;
}

export const authorLikesPerDay = (db: Executor, scope: Scope, from: string | undefined) =>
  perDay(db, sql`${likes}`, sql`${likes.createdAt}`, sql`${likes.blogId} in ${blogsOf(scope)}`, from);

/** Every comment and reply on the blogs (the author's own and those staff deleted too), as the blogs' comment counters count them. */
export const authorCommentsPerDay = (db: Executor, scope: Scope, from: string | undefined) =>
  perDay(db, sql`${comments}`, sql`${comments.createdAt}`, sql`${comments.blogId} in ${blogsOf(scope)}`, from);

/** Members following the author now, by the day they followed (the profile's follower count counts these). */
export const followersPerDay = (db: Executor, authorId: string, from: string | undefined) =>
  perDay(db, sql`${follows}`, sql`${follows.createdAt}`, sql`${follows.authorId} = ${authorId}`, from);

/** The author's e-mail subscribers now, by the day they confirmed (a pending address is no subscriber yet). */
export const subscribersPerDay = (db: Executor, authorId: string, from: string | undefined) =>
  perDay(
    db,
    sql`${subscribers}`,
    sql`${subscribers.confirmedAt}`,
    sql`${subscribers.authorId} = ${authorId} and ${subscribers.confirmedAt} is not null`,
    from,
  );

/** Where the scope's reads came from since `from`, most first (then by name), at most `limit`. */
export async function topReferrers(db: Executor, scope: Scope, from: string | undefined, limit: number) {
  const rows = await queryRows<{ source: string; reads: number | string }>(
    db,
    sql`select ${blogReferrers.source} as source, sum(${blogReferrers.reads})::int as reads
      from ${blogReferrers} where ${blogReferrers.blogId} in ${blogsOf(scope)}
      ${sinceDay(sql`${blogReferrers.day}`, from)}
      group by ${blogReferrers.source} order by 2 desc, 1 limit ${limit}`,
  );
  return rows.map((row) => ({ source: row.source, reads: Number(row.reads) }));
}

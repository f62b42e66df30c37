import {
  SITE_STATS_DAYS,
  type AuthorStatsBody,
  type AuthorStatsResponse,
  type CountSeries,
  type SiteStatsResponse,
} from '@inkwell/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http-error.ts';
import {
  authorCommentsPerDay,
  authorLikesPerDay,
  blogsPublishedPerDay,
  commentsPerDay,
  firstDays,
  followersPerDay,
  ownBlog,
  readsPerDay,
  signUpsPerDay,
  subscribersPerDay,
  topReferrers,
  type DayCount,
  type Scope,
} from './statistics.repository.ts';

/** The most days charted a day each; a longer span of all time is charted a month each. */
const MOST_DAYS = 90;
/** Sources of reads the author is shown. */
const TOP_REFERRERS = 20;
const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => dayOf(new Date(Date.parse(day) + days * DAY_MS));
const dayIndex = (from: string, day: string) => Math.round((Date.parse(day) - Date.parse(from)) / DAY_MS);
/** Calendar months from `from`'s to `day`'s. */
const monthIndex = (from: string, day: string) =>
  (Number(day.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(from.slice(5, 7));

type Bucket = AuthorStatsResponse['bucket'];

/**
 * The counts as a dense series, a value (0 for none) for each day, or each calendar month, from
 * `from` to `today`, oldest first; counts outside that span are left out, and `total` is the values' sum.
 */
function seriesOf(counts: DayCount[], from: string, today: string, bucket: Bucket): CountSeries {
  const index = bucket === 'day' ? dayIndex : monthIndex;
  const values = Array.from({ length: index(from, today) + 1 }, () => 0);
  for (const { day, n } of counts) {
    const at = index(from, day);
    if (at >= 0 && at < values.length) values[at]! += n;
  }
  return { total: values.reduce((sum, n) => sum + n, 0), values };
}

/** `GET /api/admin/site-stats`: the site's last SITE_STATS_DAYS UTC days, today's included. */
export async function siteStats(db: Db, now: Date): Promise<SiteStatsResponse> {
  const today = dayOf(now);
  const from = addDays(today, 1 - SITE_STATS_DAYS);
  const [signUps, blogsPublished, comments, reads] = await Promise.all([
    signUpsPerDay(db, from),
    blogsPublishedPerDay(db, from),
    commentsPerDay(db, from),
    readsPerDay(db, from),
  ]);
  const series = (counts: DayCount[]) => seriesOf(counts, from, today, 'day');
  return {
    from,
    signUps: series(signUps),
    blogsPublished: series(blogsPublished),
    comments: series(comments),
    reads: series(reads),
  };
}

/**
 * Where a chart of all time starts: the day the first of the blogs was published (the author's
 * joined day if none was), or an earlier day something was counted on (a follower before the first
 * blog), so that its totals are every count there is. Up to MOST_DAYS days it is charted a day each;
 * beyond, a month each, from the first day of that month.
 */
function allTimeSpan(first: { joined: string; published: string | null }, counts: DayCount[][], today: string) {
  let from = first.published ?? first.joined;
  for (const { day } of counts.flat()) if (day < from) from = day;
  if (dayIndex(from, today) < MOST_DAYS) return { from, bucket: 'day' as const };
  return { from: `${from.slice(0, 7)}-01`, bucket: 'month' as const };
}

/**
 * `POST /api/dashboard/stats`: the signed-in author's own numbers over the period, for one of their
 * blogs or all of them. Another's blog, or none, is 404 `blog_not_found`, as for a blog that is not
 * there: nobody learns another author's numbers, nor that a blog_id exists.
 */
export async function authorStats(
  db: Db,
  authorId: string,
  { period, blog_id }: AuthorStatsBody,
  now: Date,
): Promise<AuthorStatsResponse> {
  const blog = blog_id === undefined ? undefined : await ownBlog(db, authorId, blog_id);
  if (blog_id !== undefined && !blog) throw notFound('blog_not_found');
  const scope: Scope = { authorId, blog };
  const today = dayOf(now);
  const since = period === 'all' ? undefined : addDays(today, 1 - PERIOD_DAYS[period]);
  const [reads, likes, comments, followers, subscribers, referrers, first] = await Promise.all([
    readsPerDay(db, since, scope),
    authorLikesPerDay(db, scope, since),
    authorCommentsPerDay(db, scope, since),
    followersPerDay(db, authorId, since),
    subscribersPerDay(db, authorId, since),
    topReferrers(db, scope, since, TOP_REFERRERS),
    period === 'all' ? firstDays(db, scope) : undefined,
  ]);
  const { from, bucket } = first
    ? allTimeSpan(first, [reads, likes, comments, followers, subscribers], today)
    : { from: since!, bucket: 'day' as const };
  const series = (counts: DayCount[]) => seriesOf(counts, from, today, bucket);
  return {
    from,
    bucket,
    reads: series(reads),
    likes: series(likes),
    comments: series(comments),
    followers: series(followers),
    subscribers: series(subscribers),
    referrers,
  };
}

import { z } from 'zod';

/** A count per day (or per month, see `bucket`) from `from` on, oldest first, with its sum. */
export const CountSeries = z.object({
  total: z.number().int(),
  values: z.array(z.number().int()),
});
export type CountSeries = z.infer<typeof CountSeries>;

/** Days are UTC days, written `YYYY-MM-DD`; a month's bucket is named by its first day. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** How many days the admins' dashboard charts: the last 90, today included. */
export const SITE_STATS_DAYS = 90;

/** `GET /api/admin/site-stats` (admins): the site's last SITE_STATS_DAYS days, a value per day. */
export const SiteStatsResponse = z.object({
  from: day,
  signUps: CountSeries,
  blogsPublished: CountSeries,
  comments: CountSeries,
  reads: CountSeries,
});
export type SiteStatsResponse = z.infer<typeof SiteStatsResponse>;

export const STATS_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export const StatsPeriod = z.enum(STATS_PERIODS);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

/** `POST /api/dashboard/stats`: the signed-in author's numbers over a period, for one of their blogs or all of them. */
export const AuthorStatsBody = z.object({
  period: StatsPeriod.default('30d'),
  /** One of the author's blogs; none for all of them together. */
  blog_id: z.string().max(300).optional(),
});
export type AuthorStatsBody = z.infer<typeof AuthorStatsBody>;

/** Where reads came from: a site's host, `search` (the search engines together) or `direct` (no referrer). */
export const ReferrerCount = z.object({ source: z.string(), reads: z.number().int() });

export const AuthorStatsResponse = z.object({
  from: day,
  /** `day` up to 90 days; `month` for all time beyond that. */
  bucket: z.enum(['day', 'month']),
  reads: CountSeries,
  likes: CountSeries,
  comments: CountSeries,
  /** The author's, whichever blog is chosen: a reader follows or subscribes to a writer, not a blog. */
  followers: CountSeries,
  subscribers: CountSeries,
  /** Most reads first, at most 20. */
  referrers: z.array(ReferrerCount),
});
export type AuthorStatsResponse = z.infer<typeof AuthorStatsResponse>;

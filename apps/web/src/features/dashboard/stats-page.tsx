import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCount, type AuthorStatsResponse, type StatsPeriod } from '@inkwell/contracts';
import { CountChart } from '../../components/count-chart.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { loadedItems } from '../../lib/paged-list.ts';
import { authorStatsQuery } from './api/author-stats.ts';
import { useOwnBlogs } from './api/own-blogs.ts';
import { statsPath } from './stats-address.ts';

/** Each period the picker offers, in its order; `30d` when the address names none (the server's default too). */
const PERIODS: Record<StatsPeriod, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All time' };
const DEFAULT_PERIOD: StatsPeriod = '30d';

const isPeriod = (value: string | null): value is StatsPeriod => value !== null && Object.hasOwn(PERIODS, value);

// Four that share the column's width, so a 360 px phone shows them all.
const tab = (active: boolean) =>
  `flex-1 px-2 py-3 text-center focus-visible:-outline-offset-2 ${active ? 'border-b-2 border-accent text-neutral-900' : 'text-neutral-500 hover:text-neutral-900'}`;

/**
 * The author's statistics (`/dashboard/stats`): reads, likes and comments of all their blogs or one,
 * their new followers and e-mail subscribers, over a period, and where the reads came from. The
 * period and the blog are the address's query (`stats-address.ts`).
 */
export function StatsPage() {
  usePageTitle('Statistics');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('period');
  const period = isPeriod(requested) ? requested : DEFAULT_PERIOD;
  const blogId = params.get('blog') || undefined;

  return (
    <>
      <h1 className="mb-6 text-2xl max-md:sr-only">Statistics</h1>
      <nav aria-label="Period" className="mb-6 flex max-w-md border-b border-neutral-100">
        {Object.entries(PERIODS).map(([value, label]) => (
          <Link
            key={value}
            to={statsPath({ period: value as StatsPeriod, blogId })}
            aria-current={value === period ? 'page' : undefined}
            className={tab(value === period)}
          >
            {label}
          </Link>
        ))}
      </nav>
      <BlogPicker blogId={blogId} onChange={(id) => navigate(statsPath({ period, blogId: id }))} />
      <AuthorStats period={period} blogId={blogId} />
    </>
  );
}

/** All blogs, or one of the author's published blogs (every page of them, loaded one after another). */
function BlogPicker({
  blogId,
  onChange,
}: {
  blogId: string | undefined;
  onChange: (blogId: string | undefined) => void;
}) {
  const blogs = useOwnBlogs(false, '');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = blogs;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const list = blogs.data ? loadedItems(blogs.data) : [];
  // A linked blog shows by its address until its title has loaded, so the picker names what is shown.
  const unlisted = blogId !== undefined && !list.some((blog) => blog.blog_id === blogId);
  return (
    <label className="mb-8 block max-w-md">
      <span className="mb-1 block text-neutral-600">Blog</span>
      <select
        className="input-box py-2"
        value={blogId ?? ''}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      >
        <option value="">All blogs</option>
        {unlisted && <option value={blogId}>{blogId}</option>}
        {list.map((blog) => (
          <option key={blog.blog_id} value={blog.blog_id}>
            {blog.title}
          </option>
        ))}
      </select>
    </label>
  );
}

function AuthorStats({ period, blogId }: { period: StatsPeriod; blogId: string | undefined }) {
  const stats = useQuery(authorStatsQuery(period, blogId));
  if (stats.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (stats.isError)
    return (
      <p role="alert" className="py-6">
        {stats.error.message}
      </p>
    );
  const { from, bucket, reads, likes, comments, followers, subscribers, referrers } = stats.data;
  const chart = { from, bucket };
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <CountChart title="Reads" {...chart} {...reads} />
        <CountChart title="Likes" {...chart} {...likes} />
        <CountChart title="Comments" {...chart} {...comments} />
      </div>
      <p className="mt-10 mb-6 max-w-[550px] text-neutral-600">
        Readers follow and subscribe to you, not to one blog: these two count yours whichever blog is chosen.
      </p>
      <div className="grid gap-8 lg:grid-cols-2">
        <CountChart title="New followers" {...chart} {...followers} />
        <CountChart title="New e-mail subscribers" {...chart} {...subscribers} />
      </div>
      <Referrers referrers={referrers} />
    </>
  );
}

/** How a source reads: the search engines together, no referrer at all, or the site's host. */
const sourceName = (source: string) =>
  source === 'search' ? 'Search engines' : source === 'direct' ? 'Direct or unknown' : source;

function Referrers({ referrers }: { referrers: AuthorStatsResponse['referrers'] }) {
  const most = Math.max(1, ...referrers.map((referrer) => referrer.reads));
  return (
    <section aria-labelledby="referrers" className="mt-12">
      <h2 id="referrers" className="mb-4 text-xl">
        Where readers came from
      </h2>
      {referrers.length === 0 ? (
        <p className="text-neutral-600">No reads in this period.</p>
      ) : (
        <table aria-labelledby="referrers" className="w-full text-left max-sm:text-sm">
          <thead className="text-sm text-neutral-600">
            <tr>
              <th scope="col" className="py-2 font-normal">
                Source
              </th>
              <th scope="col" className="py-2 pl-4 text-right font-normal">
                Reads
              </th>
              <td className="w-20 sm:w-[40%]" />
            </tr>
          </thead>
          <tbody>
            {referrers.map(({ source, reads }) => (
              <tr key={source} className="border-t border-neutral-100">
                <th scope="row" className="py-2 font-normal break-all">
                  {sourceName(source)}
                </th>
                <td className="py-2 pl-4 text-right">{formatCount(reads)}</td>
                <td className="py-2 pl-4">
                  {/* The share of the most read source, drawn: the number beside it says it. */}
                  <svg width="100%" height={8} aria-hidden="true" className="text-neutral-700">
                    <rect width={`${(reads / most) * 100}%`} height={8} rx={2} fill="currentColor" />
                  </svg>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

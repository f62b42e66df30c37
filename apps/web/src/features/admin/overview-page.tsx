import { useQuery } from '@tanstack/react-query';
import { SITE_STATS_DAYS } from '@inkwell/contracts';
import { CountChart } from '../../components/count-chart.tsx';
import { siteStatsQuery } from './api/site-stats.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { SiteHealth } from './components/site-health.tsx';

/** The four series of the site's statistics, in the order they are drawn. */
const CHARTS = [
  ['signUps', 'Sign-ups'],
  ['blogsPublished', 'Blogs published'],
  ['comments', 'Comments'],
  ['reads', 'Reads'],
] as const;

/**
 * For admins (`/admin`, where they land): how the site has been doing, a chart a day over the last
 * 90 days, then its health (the one place it is shown: `/admin/health` leads here).
 */
export function OverviewPage() {
  return (
    <AdminLayout title="Overview">
      <p className="mb-6 text-neutral-600">The last {SITE_STATS_DAYS} days, today included (days in UTC).</p>
      <SiteStats />
      <SiteHealth />
    </AdminLayout>
  );
}

function SiteStats() {
  const stats = useQuery(siteStatsQuery());
  if (stats.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (stats.isError) return <p role="alert">{stats.error.message}</p>;
  return (
    <div className="grid gap-8 sm:grid-cols-2">
      {CHARTS.map(([key, title]) => (
        <CountChart key={key} title={title} from={stats.data.from} bucket="day" {...stats.data[key]} />
      ))}
    </div>
  );
}

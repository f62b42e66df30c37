import { formatCount } from '@inkwell/contracts';
import { useId } from 'react';
import { formatDate, formatMonth } from '../lib/format-date.ts';

export type ChartBucket = 'day' | 'month';

/** The first day of bucket `index`, `YYYY-MM-DD` in UTC, counting from `from` (a day, or a month's first day). */
function bucketStart(from: string, bucket: ChartBucket, index: number): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const start = bucket === 'day' ? Date.UTC(year, month - 1, day + index) : Date.UTC(year, month - 1 + index, 1);
  return new Date(start).toISOString().slice(0, 10);
}

/* The drawing's own units: the width stretches to the column (one unit a bar), the height stays. */
const HEIGHT = 120;
/** Room above the tallest bar for the label of its value. */
const TOP = 20;

/**
 * A count per day or per month as bars, with its total, and the same numbers as a table for screen
 * readers and for whoever would rather read them. Our own SVG, rendered on the server as in the
 * browser: uPlot draws on a canvas (and the charts must be SVG), and recharts or visx would ship far
 * more code than a bar chart of daily counts needs. Drawn with the text's colour (`currentColor`), so
 * the dark theme's remapped palette themes it; it scales to its column's width (360 px phones too).
 */
export function CountChart({
  title,
  values,
  from,
  bucket,
  total,
}: {
  title: string;
  values: number[];
  /** The first bucket's day, `YYYY-MM-DD` (a month's first day when `bucket` is `month`). */
  from: string;
  bucket: ChartBucket;
  total: number;
}) {
  const headingId = useId();
  const name = (index: number) => {
    const start = bucketStart(from, bucket, index);
    return bucket === 'day' ? formatDate(start) : formatMonth(start);
  };
  const max = Math.max(0, ...values);
  const first = name(0);
  const last = name(Math.max(0, values.length - 1));
  const per = bucket === 'day' ? 'day' : 'month';
  const peak = values.indexOf(max);
  const summary =
    max === 0
      ? `${title} per ${per}, ${first} to ${last}: none.`
      : `${title} per ${per}, ${first} to ${last}: ${formatCount(total)} in all, the most ${formatCount(max)} (${name(peak)}).`;
  const barHeight = (value: number) => (max === 0 ? 0 : (value / max) * (HEIGHT - TOP));

  return (
    <section aria-labelledby={headingId}>
      <div className="mb-2 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-medium">
          {title}
        </h2>
        <p className="text-neutral-600">
          <span className="text-2xl font-medium text-neutral-900">{formatCount(total)}</span> in all
        </p>
      </div>
      <div className="relative">
        <span className="absolute top-0 left-0 text-xs leading-none text-neutral-600" aria-hidden="true">
          {formatCount(max)}
        </span>
        <svg
          role="img"
          aria-label={summary}
          width="100%"
          height={HEIGHT}
          viewBox={`0 0 ${Math.max(values.length, 1)} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="text-neutral-700"
        >
          <g stroke="currentColor" strokeOpacity={0.3}>
            <line x1={0} x2={values.length} y1={TOP} y2={TOP} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
            <line x1={0} x2={values.length} y1={HEIGHT} y2={HEIGHT} vectorEffect="non-scaling-stroke" />
          </g>
          {values.map((value, index) => (
            <g key={index}>
              <title>{`${name(index)}: ${formatCount(value)}`}</title>
              {/* The whole column answers the pointer, so a thin or empty bar still shows its number. */}
              <rect x={index} y={0} width={1} height={HEIGHT} fill="transparent" />
              <rect
                x={index + 0.15}
                y={HEIGHT - barHeight(value)}
                width={0.7}
                height={barHeight(value)}
                fill="currentColor"
              />
            </g>
          ))}
        </svg>
      </div>
      <div className="mt-1 flex justify-between gap-4 text-xs text-neutral-600" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-neutral-600">Show as table</summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">
            {title} per {per}
          </caption>
          <thead className="text-neutral-600">
            <tr>
              <th scope="col" className="py-1 font-normal">
                {bucket === 'day' ? 'Day' : 'Month'}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {title}
              </th>
            </tr>
          </thead>
          <tbody>
            {values.map((value, index) => (
              <tr key={index} className="border-t border-neutral-100">
                <th scope="row" className="py-1 font-normal">
                  {name(index)}
                </th>
                <td className="py-1 text-right">{formatCount(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

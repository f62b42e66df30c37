// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { CountChart } from './count-chart.tsx';

/*
 * Rendered as the server renders it (no browser needed to draw it), then read as a reader would: the
 * chart's summary, the table behind it, and the bars' heights against the tallest.
 */
function render(props: Parameters<typeof CountChart>[0]) {
  const host = document.createElement('div');
  host.innerHTML = renderToString(createElement(CountChart, props));
  const rows = [...host.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
  const bars = [...host.querySelectorAll('svg g > rect[fill="currentColor"]')].map((bar) =>
    Number(bar.getAttribute('height')),
  );
  return { host, rows, bars, label: host.querySelector('svg[role="img"]')?.getAttribute('aria-label') };
}

it('names each day from the first, across a month’s end, in the table and the summary', () => {
  const { host, rows, bars, label } = render({
    title: 'Reads',
    from: '2026-02-27',
    bucket: 'day',
    values: [1, 0, 1234],
    total: 1235,
  });
  expect(rows).toEqual([
    ['27 Feb 2026', '1'],
    ['28 Feb 2026', '0'],
    ['1 Mar 2026', '1,234'],
  ]);
  expect(label).toBe('Reads per day, 27 Feb 2026 to 1 Mar 2026: 1,235 in all, the most 1,234 (1 Mar 2026).');
  expect(host.querySelector('h2')?.textContent).toBe('Reads');
  expect(host.textContent).toContain('1,235 in all');
  expect(host.querySelector('caption')?.textContent).toBe('Reads per day');
  // The tallest bar reaches the top line; an empty day draws none.
  expect(bars[2]).toBe(100);
  expect(bars[1]).toBe(0);
  expect(bars[0]).toBeCloseTo(100 / 1234);
});

it('names months by their first day when the bucket is a month', () => {
  const { rows, label } = render({
    title: 'Likes',
    from: '2025-11-01',
    bucket: 'month',
    values: [2, 0, 5],
    total: 7,
  });
  expect(rows.map(([month]) => month)).toEqual(['Nov 2025', 'Dec 2025', 'Jan 2026']);
  expect(label).toBe('Likes per month, Nov 2025 to Jan 2026: 7 in all, the most 5 (Jan 2026).');
});

it('says none for a period without any', () => {
  const { bars, label } = render({ title: 'Comments', from: '2026-11-01', bucket: 'day', values: [0, 0], total: 0 });
  expect(label).toBe('Comments per day, 1 Nov 2026 to 2 Nov 2026: none.');
  expect(bars).toEqual([0, 0]);
});

import { eq } from 'drizzle-orm';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { enqueueJob } from '../jobs/index.ts';

const TOKEN = 'scraper-token-0123456789abcdef';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

/** A scrape, read by a parser of the Prometheus text format we did not write; `text` as it came. */
async function scrape() {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const families = new Map(parsePrometheusTextFormat(res.body).map((family) => [family.name, family]));
  return Object.assign(families, { text: res.body });
}

/**
 * A labelled histogram's count, from its `_count` line: the parser merges a histogram's samples into
 * one, whatever their labels.
 */
const histogramCount = (text: string, name: string, labels: string) =>
  Number(new RegExp(`^${name}_count\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

/** The value of the sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(families: Map<string, MetricFamily>, name: string, labels: Record<string, string> = {}) {
  const sample = families
    .get(name)
    ?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return sample && Number(sample.value);
}

describe('GET /metrics', () => {
  it('counts every answer by route and status with its latency, the read cache, the pool and the job queues', async () => {
    const before = await scrape();
    const read = () => t.app.inject({ method: 'POST', url: '/api/blog/latest-blogs', payload: { page: 1 } });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
    const queue = `metrics-test-${Date.now()}`;
    await enqueueJob(t.app.db, { queue, payload: {} });
    await enqueueJob(t.app.db, { queue, payload: {} });
    const [dead] = await t.app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.queue, queue)).limit(1);
    await t.app.db.update(jobs).set({ failedAt: new Date(), lastError: 'gave up' }).where(eq(jobs.id, dead!.id));

    const after = await scrape();
    const latest = { method: 'POST', route: '/api/blog/latest-blogs' };
    const grew = (name: string, labels: Record<string, string>) =>
      (valueOf(after, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    expect(grew('http_requests_total', { ...latest, status: '200' })).toBe(2);
    const latestLabels = 'method="POST",route="/api/blog/latest-blogs"';
    expect(
      histogramCount(after.text, 'http_request_duration_seconds', latestLabels) -
        histogramCount(before.text, 'http_request_duration_seconds', latestLabels),
    ).toBe(2);
    expect(after.get('http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(grew('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    // The first read filled the cache, the second was answered from it.
    expect(grew('inkwell_read_cache_reads_total', { result: 'miss' })).toBe(1);
    expect(grew('inkwell_read_cache_reads_total', { result: 'hit' })).toBe(1);
    expect(valueOf(after, 'inkwell_read_cache_bytes')).toBeGreaterThan(0);
    // Read without Accept-Encoding: the hit went as it was kept, no compressed copy of it made or sent.
    expect(valueOf(after, 'inkwell_read_cache_kept_encoded_hits_total')).toBe(0);
    expect(valueOf(after, 'inkwell_jobs', { queue, state: 'waiting' })).toBe(1);
    expect(valueOf(after, 'inkwell_jobs', { queue, state: 'failed' })).toBe(1);
    // PGlite is one connection in this process; a PostgreSQL server's pool is counted.
    expect(after.has('inkwell_db_pool_connections')).toBe(t.app.database.kind !== 'pglite');
    // The process's own: memory and the event loop's delay.
    expect(valueOf(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('GAUGE');
  });

  it('is for this machine, or a scraper holding METRICS_TOKEN: anyone else is refused, a proxied visitor too', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    const refusal = {
      error: 'The metrics are for this machine, or for a scraper with the token of METRICS_TOKEN',
      code: 'metrics_unauthorized',
    };
    for (const res of [
      await from('203.0.113.9'),
      await from('203.0.113.9', { authorization: `Bearer ${TOKEN}x` }),
      await from('203.0.113.9', { authorization: TOKEN }),
      // A reverse proxy on this machine passing a visitor's request on.
      await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
      await from('::1', { forwarded: 'for=203.0.113.9' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual(refusal);
    }
    for (const res of [
      await from('203.0.113.9', { authorization: `Bearer ${TOKEN}` }),
      await from('127.0.0.1'),
      await from('::1'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

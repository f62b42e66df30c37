/**
 * `npm run bench:event-loop`: how long the server's thread stops answering while BENCH_READERS
 * anonymous clients read uncached (READ_CACHE_MB=0) from the embedded database: the event-loop
 * delay (perf_hooks) over the run, beside the requests answered and the slowest answer. Every
 * request waits out a stop of the loop, whatever it asked for, even one that needs no database.
 *
 *   BENCH_BLOGS (default 3000)     blogs to seed
 *   BENCH_READERS (default 300)    concurrent clients, spread over four reading routes
 *   BENCH_SECONDS (default 20)     length of the run
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runLoad } from './load.ts';
import { seed } from './seed.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 3000);
const READERS = Number(process.env.BENCH_READERS ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const database = await openDatabase({ dataDir: 'memory://' });
const { blogId } = await seed(database, BLOGS);
const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  READ_CACHE_MB: '0',
  RATE_LIMIT_MULTIPLIER: '1000',
});
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const json = { 'content-type': 'application/json' };
const reads = [
  { method: 'GET', path: '/', headers: {}, body: null },
  { method: 'POST', path: '/api/blog/latest-blogs', headers: json, body: JSON.stringify({ page: 1 }) },
  { method: 'POST', path: '/api/blog/get-blog', headers: json, body: JSON.stringify({ blog_id: blogId }) },
  { method: 'POST', path: '/api/blog/search-blogs', headers: json, body: JSON.stringify({ query: 'walk', page: 1 }) },
] as const;

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const results = await Promise.all(
  reads.map((read, i) =>
    runLoad({
      urls: [base + read.path],
      method: read.method,
      headers: read.headers,
      body: read.body,
      seconds: SECONDS,
      concurrency: Math.floor(READERS / reads.length) + (i < READERS % reads.length ? 1 : 0),
    }),
  ),
);
delay.disable();
await app.close();
await database.close();

const ms = (ns: number) => (ns / 1e6).toFixed(0);
const answered = results.reduce((sum, r) => sum + r.answered, 0);
const slowest = results.flatMap((r) => r.latencies).reduce((max, ms) => Math.max(max, ms), 0);
console.log(`\n${READERS} concurrent uncached readers, ${BLOGS} published blogs, ${SECONDS}s on PGlite\n`);
console.log('| event-loop delay p50 | p99 | max | requests answered | per second | slowest answer |');
console.log('|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${ms(delay.percentile(50))} ms | ${ms(delay.percentile(99))} ms | ${ms(delay.max)} ms | ${answered} | ${(answered / SECONDS).toFixed(0)} | ${slowest.toFixed(0)} ms |`,
);

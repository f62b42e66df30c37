/**
 * `npm run bench`: every anonymous reading route (the HTML pages and the public JSON calls of
 * docs/api.md) measured side by side, over real HTTP, against a static floor: the same bytes,
 * pre-serialised, served by the same Fastify with all its hooks. Each route runs uncached
 * (READ_CACHE_MB=0) and cached, on PGlite and (when it answers) PostgreSQL, on the same seeded
 * data in one run. Machines here are shared and noisy, so read the ratios within a run, not the
 * rates: the three of a row are measured in turns, a slice each per round, and each figure is the
 * median of its slices, so a burst of load from elsewhere falls on all three alike and counts once.
 *
 *   BENCH_BLOGS (default 3000)      blogs to seed
 *   BENCH_SECONDS (default 5)       time per cell, in BENCH_ROUNDS (default 5) slices
 *   BENCH_DATABASE_URL              PostgreSQL server to create a scratch database on
 *                                   (default postgres://postgres@127.0.0.1:5432/postgres; "" to skip)
 *   BENCH_ONLY                      measure only the routes whose name contains this text (or one of
 *                                   several, between `|`)
 *
 * Beside the seeded blogs, the longest blog the limits allow (longest-blog.ts) is saved through
 * create-blog, as a writer would, and its page and get-blog are measured too.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Limits } from '@inkwell/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { median, runLoad } from './load.ts';
import type { Load } from './load-worker.ts';
import { seed, type Seeded } from './seed.ts';
import { buildBlog, buildUser } from '../src/test/factories.ts';
import { longestBlogBody } from './longest-blog.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = 8;
const MIDDLE_PAGE = Math.max(1, Math.floor(BLOGS / Limits.pageSize / 2));
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = (process.env.BENCH_ONLY ?? '').split('|');

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

function scenarios({ blogId, blogUuid, commentId, username }: Seeded, longestBlogId: string): Scenario[] {
  return [
    { name: 'page /', method: 'GET', path: '/' },
    { name: 'page /blog/:blog_id', method: 'GET', path: `/blog/${blogId}` },
    { name: 'page /blog/:blog_id, the longest blog', method: 'GET', path: `/blog/${longestBlogId}` },
    { name: 'page /user/:username', method: 'GET', path: `/user/${username}` },
    { name: 'page /search/:query', method: 'GET', path: '/search/walk' },
    { name: 'latest-blogs page 1', method: 'POST', path: '/api/blog/latest-blogs', body: { page: 1 } },
    { name: 'latest-blogs middle page', method: 'POST', path: '/api/blog/latest-blogs', body: { page: MIDDLE_PAGE } },
    { name: 'all-latest-blogs-count', method: 'POST', path: '/api/blog/all-latest-blogs-count', body: {} },
    { name: 'trending-blogs', method: 'GET', path: '/api/blog/trending-blogs' },
    {
      name: 'search-blogs by tag',
      method: 'POST',
      path: '/api/blog/search-blogs',
      body: { tag: 'programming', page: 1 },
    },
    {
      name: 'search-blogs common word',
      method: 'POST',
      path: '/api/blog/search-blogs',
      body: { query: 'walk', page: 1 },
    },
    {
      name: 'search-blogs typo',
      method: 'POST',
      path: '/api/blog/search-blogs',
      body: { query: 'progamming', page: 1 },
    },
    { name: 'search-blogs-count', method: 'POST', path: '/api/blog/search-blogs-count', body: { query: 'walk' } },
    { name: 'get-blog', method: 'POST', path: '/api/blog/get-blog', body: { blog_id: blogId } },
    {
      name: 'get-blog, the longest blog',
      method: 'POST',
      path: '/api/blog/get-blog',
      body: { blog_id: longestBlogId },
    },
    {
      name: 'get-blog-comments',
      method: 'POST',
      path: '/api/comment/get-blog-comments',
      body: { blog_id: blogUuid, skip: 0 },
    },
    { name: 'get-replies', method: 'POST', path: '/api/comment/get-replies', body: { _id: commentId, skip: 0 } },
    { name: 'search-users', method: 'POST', path: '/api/user/search-users', body: { query: 'writ' } },
    { name: 'get-profile', method: 'POST', path: '/api/user/get-profile', body: { username } },
  ];
}

/** Requests per second in one slice: CONCURRENCY clients, in a worker thread, for SECONDS / ROUNDS. */
async function measure(base: string, scenario: Scenario, path = scenario.path): Promise<number> {
  const load: Load = {
    urls: [base + path],
    method: scenario.method,
    headers: scenario.body === undefined ? {} : { 'content-type': 'application/json' },
    body: scenario.body === undefined ? null : JSON.stringify(scenario.body),
    seconds: SECONDS / ROUNDS,
    concurrency: CONCURRENCY,
  };
  const { answered } = await runLoad(load);
  return answered / (SECONDS / ROUNDS);
}

interface Row {
  bytes: number;
  floor: number;
  uncached: number;
  cached: number;
}

/** The floor: each scenario's answer, taken once, served again as it is (same status and type) by a route doing nothing else. */
function addFloor(app: FastifyInstance, floors: Map<string, { status: number; type: string; body: Buffer }>) {
  app.route({
    method: ['GET', 'POST'],
    url: '/bench-floor/:n',
    config: { keepsReadCache: true },
    handler: (request, reply) => {
      const floor = floors.get((request.params as { n: string }).n)!;
      return reply.code(floor.status).type(floor.type).send(floor.body);
    },
  });
}

async function listening(
  database: Database,
  env: Record<string, string>,
  floors: Map<string, { status: number; type: string; body: Buffer }>,
) {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env }), database });
  addFloor(app, floors);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function runOn(label: string, database: Database): Promise<Map<string, Row>> {
  const seeded = await seed(database, BLOGS);
  const floors = new Map<string, { status: number; type: string; body: Buffer }>();
  const cached = await listening(database, {}, floors);
  const uncached = await listening(database, { READ_CACHE_MB: '0' }, floors);
  const writer = await buildUser(uncached.app);
  const longestBlogId = await buildBlog(uncached.app, writer, longestBlogBody());
  const rows = new Map<string, Row>();
  for (const [n, scenario] of scenarios(seeded, longestBlogId).entries()) {
    if (!ONLY.some((text) => scenario.name.includes(text))) continue;
    const res = await fetch(uncached.base + scenario.path, {
      method: scenario.method,
      headers: scenario.body === undefined ? {} : { 'content-type': 'application/json' },
      body: scenario.body === undefined ? null : JSON.stringify(scenario.body),
    });
    const body = Buffer.from(await res.arrayBuffer());
    floors.set(String(n), {
      status: res.status,
      type: res.headers.get('content-type') ?? 'application/octet-stream',
      body,
    });
    const slices: { floor: number[]; uncached: number[]; cached: number[] } = { floor: [], uncached: [], cached: [] };
    for (let round = 0; round < ROUNDS; round++) {
      slices.floor.push(await measure(cached.base, scenario, `/bench-floor/${n}`));
      slices.uncached.push(await measure(uncached.base, scenario));
      slices.cached.push(await measure(cached.base, scenario));
    }
    rows.set(scenario.name, {
      bytes: body.length,
      floor: median(slices.floor),
      uncached: median(slices.uncached),
      cached: median(slices.cached),
    });
    process.stderr.write(`${label}: ${scenario.name} done\n`);
  }
  await cached.app.close();
  await uncached.app.close();
  return rows;
}

async function withScratchPostgres<T>(run: (database: Database) => Promise<T>): Promise<T | undefined> {
  if (!PG_URL) return undefined;
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    process.stderr.write(`PostgreSQL at ${PG_URL} does not answer: measuring PGlite only\n`);
    return undefined;
  }
  const name = `inkwell_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const pglite = await openDatabase({ dataDir: 'memory://' });
const onPglite = await runOn('PGlite', pglite);
await pglite.close();
const onPostgres = await withScratchPostgres((database) => runOn('PostgreSQL', database));

const fmt = (n: number) => n.toFixed(n >= 100 ? 0 : 1);
const ratio = (n: number, floor: number) => `${(n / floor).toFixed(2)}×`;
console.log(
  `\nAnonymous reads, ${BLOGS} published blogs, ${CONCURRENCY} concurrent clients, median of ${ROUNDS} slices of ${SECONDS / ROUNDS}s per cell (requests/s; higher is better; × is the share of the static floor)\n`,
);
for (const [label, rows] of [
  ['PGlite', onPglite],
  ['PostgreSQL', onPostgres],
] as const) {
  if (!rows) continue;
  console.log(
    `${label}\n\n| route | bytes | floor req/s | uncached req/s | uncached × floor | cached req/s | cached × floor |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, row] of rows) {
    console.log(
      `| ${name} | ${row.bytes} | ${fmt(row.floor)} | ${fmt(row.uncached)} | ${ratio(row.uncached, row.floor)} | ${fmt(row.cached)} | ${ratio(row.cached, row.floor)} |`,
    );
  }
  console.log('');
}

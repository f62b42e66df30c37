/**
 * `npm run bench:mixed`: anonymous reads beside members' writes, as on a busy community (issue
 * 30). The real server (`src/main.ts`, its read cache on as shipped) runs on each database with
 * BENCH_BLOGS seeded blogs; BENCH_CLIENTS anonymous readers ask for the home page and the blogs'
 * pages with a Zipf-like popularity (the page of rank r about 1/r as often as the home page, rank
 * 1), while a writer sends exactly 0, 2, 20 or 100 writes a second, whatever their answers: half
 * likes toggled, half comments added, by signed-in members on blogs drawn at random, through the
 * API. Reported per write rate: the reads answered a second, p50 and p99 of their latency, the
 * writes answered a second, and the reads' share of the same run without writes.
 *
 * The server runs in a process of its own (unlike `npm run bench`'s, in the bench's thread) so the
 * writer and the readers' threads never share its thread, and each database is chosen as an
 * operator chooses it. Machines here are shared and noisy: each cell is measured in slices, every
 * rate and database taking its turn each round, and a rate is the median of its slices. Before
 * each slice every page is read once, so each starts from a full cache as a quiet site has; and
 * before a slice without writes the bench waits for the counts of the writes before it to have
 * reached the cache (CARD_COUNTS_LAG_SECONDS and COUNTS_LAG_SECONDS as the server has them), or
 * their refills would fall in the quiet slice and flatter every ratio.
 *
 *   BENCH_BLOGS (default 200)       blogs to seed; the readers' pages are theirs and the home page
 *   BENCH_SECONDS (default 10)      time per cell (database × write rate), in BENCH_ROUNDS (default 5) slices
 *   BENCH_CLIENTS (default 8)       concurrent anonymous readers
 *   BENCH_RATES (default 2,20,100)  write rates beside the run without writes, comma-separated
 *                                   (one rate alone, to profile the server under it)
 *   BENCH_ENGINES                   names of databases to run, comma-separated (default all)
 *   BENCH_DATABASE_URL              PostgreSQL server to create a scratch database on
 *                                   (default postgres://postgres@127.0.0.1:5432/postgres; "" to skip)
 *   BENCH_FRONT=varnish             also read through Debian's Varnish in front of each server
 *                                   (docs/shared-cache/varnish.vcl), which the server purges by key:
 *                                   each database gets a second row, "via Varnish", in the same turns
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Session } from '@inkwell/contracts';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { median, percentile, runLoad } from './load.ts';
import type { Outcome } from './load-worker.ts';
import { freePort, startVarnish, type Varnish } from '../src/test/varnish.ts';
import { post, seededServer, stopServer, type SeededServer } from './server-process.ts';
import { chosenEngines } from './chosen-engines.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Without writes first: each rate's reads are told as a share of that run's. */
const RATES = [
  0,
  ...(process.env.BENCH_RATES ?? '2,20,100')
    .split(',')
    .map(Number)
    .filter((rate) => rate > 0),
];
const FRONT = process.env.BENCH_FRONT === 'varnish';
const MEMBERS = 20;
/** How long the counts of a write take at most to reach every cached answer, in ms, and a second more. */
const { countsLagSeconds, cardCountsLagSeconds } = loadConfig(process.env);
const COUNTS_SETTLE_MS = (Math.max(countsLagSeconds, cardCountsLagSeconds) + 1) * 1000;
/** Writes still unanswered beyond which the writer skips its turn rather than pile more on. */
const MAX_IN_FLIGHT = 200;

interface Engine {
  name: string;
  /** What selects it, as an operator would set it; for PostgreSQL, after its scratch database is made. */
  env: () => Promise<Record<string, string>>;
  cleanUp?: () => Promise<void>;
}

const admin = new pg.Client({ connectionString: PG_URL });
const scratch = `inkwell_mixed_${randomBytes(4).toString('hex')}`;

const ENGINES: Engine[] = chosenEngines([
  { name: 'embedded PostgreSQL', env: async () => ({ DATABASE: 'embedded-postgres' }) },
  { name: 'PGlite', env: async () => ({ DATABASE: 'pglite' }) },
  {
    name: 'PostgreSQL',
    env: async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${scratch}`);
      const url = new URL(PG_URL);
      url.pathname = `/${scratch}`;
      return { DATABASE_URL: url.toString() };
    },
    cleanUp: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    },
  },
]);

async function postgresAnswers(): Promise<boolean> {
  if (!PG_URL) return false;
  const probe = new pg.Client({ connectionString: PG_URL });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
}

interface Member {
  token: string;
  /** Blogs (uuid) this member likes now, so a toggle asks for the opposite. */
  likes: Set<string>;
}

interface Running extends SeededServer {
  engine: Engine;
  /** The row's name: the database's, and how it is read. */
  name: string;
  /** Where readers ask: the server, or the Varnish in front of it. */
  readBase: string;
  varnish?: Varnish;
  members: Member[];
  /** The pages read, most read first, and how often each is read. */
  pages: string[];
  weights: number[];
  /** When its last slice with writes ended (performance.now()). */
  wroteUntil?: number;
}

async function prepare(engine: Engine): Promise<Running[]> {
  const varnishPort = FRONT ? await freePort() : 0;
  const purge: Record<string, string> = FRONT ? { CACHE_PURGE_URL: `http://127.0.0.1:${varnishPort}/` } : {};
  const ready = await seededServer({ ...(await engine.env()), ...purge }, BLOGS);
  const port = Number(new URL(ready.server.base).port);
  const varnish = FRONT ? await startVarnish(varnishPort, [port, port]) : undefined;
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const session = (await post(ready.server.base, '/api/user/signup', {
      fullname: `Bench Member ${i}`,
      email: `member${i}@example.com`,
      password: 'Secret123',
    })) as Session;
    members.push({ token: session.access_token, likes: new Set() });
  }
  const pages = ['/', ...ready.seeded.blogs.map((blog) => `/blog/${blog.blogId}`)];
  process.stderr.write(`${engine.name}: ready on ${ready.dataDir}\n`);
  const direct = {
    ...ready,
    engine,
    name: engine.name,
    readBase: ready.server.base,
    members,
    pages,
    weights: pages.map((_, rank) => 1 / (rank + 1)),
  };
  return varnish
    ? [direct, { ...direct, name: `${engine.name} via Varnish`, readBase: varnish.base, varnish }]
    : [direct];
}

const draw = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** A like toggled or a comment added, by a member on a blog, both drawn at random. */
async function write(run: Running) {
  const member = draw(run.members);
  const blog = draw(run.seeded.blogs);
  const { base } = run.server;
  if (Math.random() < 0.5) {
    const answer = (await post(
      base,
      '/api/blog/like-blog',
      { _id: blog.id, isLikedByUser: member.likes.has(blog.id) },
      member.token,
    )) as { liked_by_user: boolean };
    if (answer.liked_by_user) member.likes.add(blog.id);
    else member.likes.delete(blog.id);
  } else {
    await post(base, '/api/comment/add-comment', { _id: blog.id, comment: 'Well said, thank you.' }, member.token);
  }
}

/**
 * Sends `rate` writes a second until `done` settles, each at its own time whatever became of the
 * earlier ones (open loop: a slow server is not sent fewer); answers how many were answered a
 * second over that time.
 */
async function paceWrites(run: Running, rate: number, done: Promise<unknown>): Promise<number> {
  let finished = false;
  const started = performance.now();
  let ended = started;
  void done.then(() => {
    finished = true;
    ended = performance.now();
  });
  const inFlight = new Set<Promise<void>>();
  let answered = 0;
  for (let n = 0; ; n++) {
    const due = started + (n * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    if (finished) break;
    if (inFlight.size >= MAX_IN_FLIGHT) continue;
    const sent: Promise<void> = write(run).then(() => {
      if (!finished) answered++;
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  }
  await Promise.all(inFlight);
  return answered / ((ended - started) / 1000);
}

/** Every page once, four at a time: the cache as a quiet site has it. */
async function warm(run: Running) {
  const queue = [...run.pages];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let page = queue.pop(); page !== undefined; page = queue.pop())
        await (await fetch(run.readBase + page)).arrayBuffer();
    }),
  );
}

interface Slice extends Outcome {
  writesPerSecond: number;
  /** Reads the cache did not answer, a second: pages rendered anew. */
  missesPerSecond: number;
}

/** The read cache's misses so far, from the server's metrics (open to loopback). */
async function misses(run: Running) {
  const metrics = await (await fetch(`${run.server.base}/metrics`)).text();
  return Number(/^inkwell_read_cache_reads_total\{result="miss"\} (\d+)/m.exec(metrics)?.[1] ?? NaN);
}

async function slice(run: Running, rate: number): Promise<Slice> {
  if (rate === 0 && run.wroteUntil !== undefined)
    await sleep(Math.max(0, run.wroteUntil + COUNTS_SETTLE_MS - performance.now()));
  await warm(run);
  const missedBefore = await misses(run);
  const reading = runLoad({
    urls: run.pages.map((page) => run.readBase + page),
    weights: run.weights,
    method: 'GET',
    headers: {},
    body: null,
    seconds: SECONDS / ROUNDS,
    concurrency: CLIENTS,
  });
  const writesPerSecond = rate === 0 ? 0 : await paceWrites(run, rate, reading);
  if (rate > 0) run.wroteUntil = performance.now();
  const outcome = await reading;
  return { ...outcome, writesPerSecond, missesPerSecond: ((await misses(run)) - missedBefore) / (SECONDS / ROUNDS) };
}

interface Cell {
  reads: number;
  p50: number;
  p99: number;
  writes: number;
  misses: number;
}

if (ENGINES.some((engine) => engine.name === 'PostgreSQL') && !(await postgresAnswers())) {
  process.stderr.write(`PostgreSQL at ${PG_URL || '(none)'} does not answer: measuring the embedded databases only\n`);
  ENGINES.splice(
    ENGINES.findIndex((engine) => engine.name === 'PostgreSQL'),
    1,
  );
}

const runs: Running[] = [];
const cells = new Map<string, Cell>();
try {
  for (const engine of ENGINES) runs.push(...(await prepare(engine)));
  const slices = new Map<string, Slice[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of runs)
      for (const rate of RATES) {
        const key = `${run.name}|${rate}`;
        slices.set(key, [...(slices.get(key) ?? []), await slice(run, rate)]);
      }
    process.stderr.write(`round ${round + 1} of ${ROUNDS}: done\n`);
  }
  for (const [key, outcomes] of slices) {
    const latencies = outcomes.flatMap((o) => o.latencies).toSorted((x, y) => x - y);
    cells.set(key, {
      reads: median(outcomes.map((o) => o.answered / (SECONDS / ROUNDS))),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      writes: median(outcomes.map((o) => o.writesPerSecond)),
      misses: median(outcomes.map((o) => o.missesPerSecond)),
    });
  }
} finally {
  for (const run of runs) {
    await run.varnish?.stop();
    // The direct row and the one via Varnish share their server.
    if (run.varnish || !FRONT) {
      await stopServer(run.server);
      rmSync(run.dataDir, { recursive: true, force: true });
    }
  }
  for (const engine of ENGINES) await engine.cleanUp?.();
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
console.log(
  `\nMixed workload: ${CLIENTS} anonymous readers of the home page and ${BLOGS} blogs' pages (Zipf-like, s = 1; cache as shipped) beside a writer of likes and comments by ${MEMBERS} members${FRONT ? ', read through Varnish' : ''}; ${ROUNDS} slices of ${SECONDS / ROUNDS}s per cell, rates and databases in turns; reads/s, writes/s and misses/s (pages the cache did not answer, rendered anew) are the median slice, p50/p99 over all reads of the cell. Goals (issue 30): reads at 20 writes/s ≥ 0.8× and at 100 writes/s ≥ 0.5× those without writes, p99 ≤ 20 ms at 20 writes/s\n`,
);
for (const run of runs) {
  const cell = (rate: number) => cells.get(`${run.name}|${rate}`)!;
  console.log(
    `${run.name}\n\n| writes/s asked | writes/s answered | reads/s | × no writes | p50 ms | p99 ms | misses/s |`,
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const rate of RATES) {
    const { reads, p50, p99, writes, misses } = cell(rate);
    console.log(
      `| ${rate} | ${fmt(writes)} | ${fmt(reads)} | ${(reads / cell(0).reads).toFixed(2)}× | ${fmt(p50)} | ${fmt(p99)} | ${fmt(misses)} |`,
    );
  }
  console.log('');
}
console.log(`Run on ${process.platform}-${process.arch}, Node ${process.version}.`);

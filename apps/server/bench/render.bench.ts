/**
 * `npm run bench:render`: how long one render of the longest blog the limits allow takes
 * (`longest-blog.ts`: 1000 blocks of every kind, 1 MiB), saved through create-blog as a writer
 * would. One at a time, so these are latencies, not rates (`npm run bench` has the rates, against
 * a static floor):
 *
 * - the server renderer alone (the web's `renderPage`, its reading calls answered from memory
 *   with what the API answered): what issue 30 holds under 10 ms;
 * - get-blog over the app (the database read and the answer as a client gets it);
 * - the whole page, uncached (READ_CACHE_MB=0), over the app: the two above and the page's head;
 * - and for scale, the whole page of a short blog (one paragraph, as `npm run bench` seeds them).
 *
 * Each is given in wall time and in the CPU time of the server's thread (process.threadCpuUsage),
 * which a machine busy with other work stretches far less: read the CPU time on a shared machine.
 * Its mean too: where the thread clock counts in steps (4 ms on some machines here), percentiles
 * land on the steps and only the mean shows a change smaller than one.
 *
 *   BENCH_RENDERS (default 50)   renders measured, after 5 to warm up
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { buildBlog, buildUser, post } from '../src/test/factories.ts';
import { percentile } from './load.ts';
import { longestBlogBody } from './longest-blog.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 50);
const WARM_UP = 5;

type ReadingCall = (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;
interface PageRenderer {
  renderPage(
    pathAndQuery: string,
    call: ReadingCall,
  ): Promise<{ status: number; html: string; stateScript: string | null } | null>;
}

const config = loadConfig({
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  READ_CACHE_MB: '0',
  RATE_LIMIT_MULTIPLIER: '1000',
});
const renderer = (await import(
  pathToFileURL(path.join(`${config.webDist}-server`, 'entry-server.js')).href
)) as PageRenderer;
const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config, database });
const author = await buildUser(app);
const body = longestBlogBody();
const saved = await post(app, '/api/blog/create-blog', body, author.token);
if (saved.statusCode !== 200) throw new Error(`create-blog failed: ${saved.statusCode} ${saved.body}`);
const blogId = saved.json<{ id: string }>().id;
const page = `/blog/${blogId}`;
const shortBlogId = await buildBlog(app, author, {
  content: [{ blocks: [{ type: 'paragraph', data: { text: 'Body text. '.repeat(40) } }] }],
});

interface Timings {
  /** Milliseconds of each run, sorted. */
  wall: number[];
  /** Milliseconds of this thread's CPU each run took, sorted. */
  cpu: number[];
}

/** What each of `RENDERS` runs of `run` took, after a few to warm up. */
async function time(run: () => Promise<void>): Promise<Timings> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const timings: Timings = { wall: [], cpu: [] };
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    const cpu = process.threadCpuUsage();
    await run();
    const used = process.threadCpuUsage(cpu);
    timings.wall.push(performance.now() - start);
    timings.cpu.push((used.user + used.system) / 1000);
  }
  timings.wall.sort((a, b) => a - b);
  timings.cpu.sort((a, b) => a - b);
  return timings;
}

// The page's reading calls, answered by the API once and then from memory: the renderer's own work alone.
const answers = new Map<string, { status: number; body: unknown }>();
const recorded: ReadingCall = async (callPath, callBody) => {
  const key = `${callPath} ${JSON.stringify(callBody)}`;
  let answer = answers.get(key);
  if (!answer) {
    const res = await app.inject({
      method: callPath === '/api/site' ? 'GET' : 'POST',
      url: callPath,
      ...(callBody !== undefined && { payload: callBody as object }),
    });
    answer = { status: res.statusCode, body: res.json() };
    answers.set(key, answer);
  }
  return answer;
};
let pageBytes = 0;
const renderAlone = await time(async () => {
  const rendered = await renderer.renderPage(page, recorded);
  if (rendered?.status !== 200) throw new Error(`the renderer answered ${rendered?.status}`);
  pageBytes = Buffer.byteLength(rendered.html) + Buffer.byteLength(rendered.stateScript ?? '');
});
const getBlog = await time(async () => {
  const res = await post(app, '/api/blog/get-blog', { blog_id: blogId });
  if (res.statusCode !== 200) throw new Error(`get-blog answered ${res.statusCode}`);
});
/** The whole page at `path`, uncached, as the app answers it. */
const pageAt = (path: string) => async () => {
  const res = await app.inject(path);
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
};
const wholePage = await time(pageAt(page));
const shortPage = await time(pageAt(`/blog/${shortBlogId}`));
await app.close();
await database.close();

const blocks = body.content[0]!.blocks.length;
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
console.log(
  `\nThe longest blog: ${blocks} blocks, a ${kb(Buffer.byteLength(JSON.stringify(body)))} create-blog body, a ${kb(pageBytes)} page; ms per render, ${RENDERS} in turn\n`,
);
console.log('| render | wall p50 ms | p90 | CPU p50 ms | p90 | CPU mean ms |');
console.log('|---|---:|---:|---:|---:|---:|');
const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
for (const [name, { wall, cpu }] of [
  ['server renderer alone', renderAlone],
  ['get-blog', getBlog],
  ['whole page, uncached', wholePage],
  ['a short blog: whole page, uncached', shortPage],
] as const) {
  const mean = cpu.reduce((sum, one) => sum + one, 0) / cpu.length;
  console.log(`| ${name} | ${ms(wall, 50)} | ${ms(wall, 90)} | ${ms(cpu, 50)} | ${ms(cpu, 90)} | ${mean.toFixed(1)} |`);
}

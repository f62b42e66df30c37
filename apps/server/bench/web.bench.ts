/**
 * `npm run bench:web`: Lighthouse (mobile preset) against the home page and a blog page with
 * images, served by the real server on a fresh PGlite folder seeded through the API. A benchmark,
 * not a test: it prints the figures (goal: Performance ≥ 95, the other three 100, LCP ≤ 1.8 s,
 * CLS ≤ 0.05) and fails only when it cannot run. Needs a build (`npm run build`).
 *
 *   CHROMIUM_PATH (default /usr/bin/chromium)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { fixtureImage } from '../src/test/images.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'inkwell-bench-web-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MULTIPLIER: '1000',
});
const database = await openDatabase({ dataDir });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function call<T>(apiPath: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(origin + apiPath, {
    method: 'POST',
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads a photo-sized JPEG through the API, as the editor does, and answers its URL. */
async function upload(token: string, width: number, height: number): Promise<string> {
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(await fixtureImage('jpeg', width, height))], { type: 'image/jpeg' }),
    'photo.jpg',
  );
  const answer = await call<{ success: number; file: { url: string } }>('/api/upload/image', form, token);
  return answer.file.url;
}

const paragraph = (i: number) =>
  `Paragraph ${i}: a long walk along the river, past the market and the old station, ends in a garden where the city goes quiet. ` +
  'The light changes every few minutes, and the camera never quite keeps up with it; the notebook does better.';

/** Three authors, a dozen blogs; the one measured has headers, lists, paragraphs and three images. */
async function seed(): Promise<string> {
  const authors = [];
  for (let i = 0; i < 3; i++) {
    authors.push(
      await call<{ access_token: string }>('/api/user/signup', {
        fullname: `Bench Writer ${i}`,
        email: `writer${i}@example.com`,
        password: 'Passw0rd!',
      }),
    );
  }
  const token = authors[0]!.access_token;
  const [banner, second, third] = [
    await upload(token, 1600, 900),
    await upload(token, 1600, 1000),
    await upload(token, 1200, 800),
  ];
  const blocks = [
    { type: 'paragraph', data: { text: paragraph(1) } },
    { type: 'header', data: { text: 'Along the river', level: 2 } },
    { type: 'paragraph', data: { text: paragraph(2) } },
    { type: 'image', data: { file: { url: second }, caption: 'The river at dusk' } },
    {
      type: 'list',
      data: {
        style: 'unordered',
        items: ['A notebook', 'A camera', 'Comfortable shoes'].map((content) => ({ content, items: [] })),
      },
    },
    { type: 'header', data: { text: 'The garden', level: 2 } },
    { type: 'paragraph', data: { text: paragraph(3) } },
    { type: 'image', data: { file: { url: third }, caption: 'The garden gate' } },
    { type: 'paragraph', data: { text: paragraph(4) } },
  ];
  let measured = '';
  for (let i = 0; i < 12; i++) {
    const author = authors[i % authors.length]!;
    const created = await call<{ id: string }>(
      '/api/blog/create-blog',
      {
        title: `A walk by the river, part ${i + 1}`,
        banner,
        des: 'Notes from a long walk through the city.',
        content: [{ blocks }],
        tags: ['travel', 'photography'],
        draft: false,
      },
      author.access_token,
    );
    measured ||= created.id;
  }
  return measured;
}

interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: string;
  cls: string;
  tbt: string;
}

async function measure(page: string, port: number): Promise<Figures> {
  const result = await lighthouse(origin + page, { port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
  if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
  // A failed run (a page that never painted, a browser that hung) scores nothing: say so, not zeros.
  if (result.lhr.runtimeError)
    throw new Error(
      `Lighthouse could not measure ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: `${((audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(2)} s`,
    cls: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
    tbt: `${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
  };
}

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const blogId = await seed();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const figures: Figures[] = [];
  // Lighthouse's default mobile preset: a mid-range phone on slow 4G, simulated.
  for (const page of ['/', `/blog/${blogId}`]) figures.push(await measure(page, chrome.port));
  const columns = Object.keys(figures[0]!) as (keyof Figures)[];
  const width = (column: keyof Figures) => Math.max(column.length, ...figures.map((row) => String(row[column]).length));
  for (const row of [
    Object.fromEntries(columns.map((c) => [c, c])) as Record<keyof Figures, string | number>,
    ...figures,
  ]) {
    console.log(columns.map((c) => String(row[c]).padEnd(width(c))).join('  '));
  }
} finally {
  chrome?.kill();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

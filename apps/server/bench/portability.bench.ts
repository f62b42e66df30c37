/**
 * `npm run bench:portability`: how long a writer waits to move in and out. The real server
 * (`src/main.ts`, the embedded PostgreSQL on a fresh data folder) imports a WordPress export of
 * BENCH_POSTS posts with BENCH_IMAGES pictures each, fetched over real HTTP from a local server
 * (distinct PNGs drawn by sharp); the site is then exported whole, and that export imported into a
 * second fresh server (Inkwell to Inkwell: the images come from the zip).
 *
 * Reported: the upload's answer (the file read and checked whole), the time until the last post is
 * written, posts and images a second, the export's time and size, and the second import's time.
 *
 *   BENCH_POSTS (default 100)   posts in the export
 *   BENCH_IMAGES (default 3)    images a post
 */
import { createServer } from 'node:http';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ImportStarted, ImportStatusResponse, Session } from '@inkwell/contracts';
import { dataFolder, startServer, stopServer, type Server } from './server-process.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 100);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 3);

interface Folder {
  server: Server;
  folder: string;
}

async function startOn(allowHost: string): Promise<Folder> {
  const folder = dataFolder('inkwell-portability-');
  const { server } = await startServer({
    DATABASE: 'embedded-postgres',
    DATA_DIR: folder,
    JOB_POLL_SECONDS: '0.2',
    FETCH_ALLOW_HOSTS: allowHost,
  });
  return { server, folder };
}

async function stopOn({ server, folder }: Folder) {
  await stopServer(server);
  rmSync(folder, { recursive: true, force: true });
}

async function call<T>(server: Server, route: string, body: unknown, token?: string): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(server.base + route, {
    method: 'POST',
    headers: {
      ...(!form && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: form ? body : JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const owner = (server: Server) =>
  call<Session>(server, '/api/user/signup', {
    fullname: 'Bench Owner',
    email: 'owner@bench.org',
    password: 'Secret123',
  });

/** A WordPress export (WXR 1.2) whose posts name `images` pictures each at `imageBase`. */
function wordPressExport(imageBase: string): string {
  const items = Array.from({ length: POSTS }, (_, i) => {
    const pictures = Array.from(
      { length: IMAGES },
      (_, k) => `<img src="${imageBase}/${i}-${k}.png" alt="Picture ${k}" />`,
    );
    const body = `<p>Post ${i} begins with <strong>a few words</strong>.</p>\n${pictures.join('\n')}\n<ul><li>One</li><li>Two</li></ul>\n<p>${'Words of prose. '.repeat(60)}</p>`;
    return `<item><title><![CDATA[Post number ${i}]]></title><link>https://old.example/2020/01/post-${i}/</link>
<dc:creator><![CDATA[owner]]></dc:creator><guid isPermaLink="false">https://old.example/?p=${i + 1}</guid>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt><![CDATA[2020-01-01 10:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[post-${i}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type>
<category domain="post_tag" nicename="bench"><![CDATA[Bench]]></category></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old blog</title><link>https://old.example</link><wp:wxr_version>1.2</wp:wxr_version>
${items.join('\n')}
</channel></rss>`;
}

/** Uploads `file` and waits for the last post: the upload's answer and the whole import, in ms. */
async function timedImport(server: Server, token: string, file: Blob, name: string, scope: 'own' | 'site') {
  const form = new FormData();
  form.append('scope', scope);
  form.append('file', file, name);
  const started = performance.now();
  const { id } = await call<ImportStarted>(server, '/api/imports', form, token);
  const answered = performance.now() - started;
  for (;;) {
    const { import: status } = await call<ImportStatusResponse>(server, '/api/imports/status', { id }, token);
    if (status.state === 'done') return { answered, total: performance.now() - started, status };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Distinct pictures (each its own colour), so every one is fetched, re-encoded and stored.
const images = createServer((request, response) => {
  const [i = 0, k = 0] = (/(\d+)-(\d+)\.png$/.exec(request.url ?? '') ?? []).slice(1).map(Number);
  void sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: i % 256, g: (i * 7 + k) % 256, b: k * 60 } },
  })
    .png()
    .toBuffer()
    .then((png) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
});
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
const imageHost = `127.0.0.1:${(images.address() as AddressInfo).port}`;

// The fetcher refuses loopback but for the hosts FETCH_ALLOW_HOSTS names (as the tests do).
const first = await startOn('127.0.0.1');
const second = await startOn('127.0.0.1');
try {
  const wxr = new Blob([wordPressExport(`http://${imageHost}`)]);
  const firstOwner = await owner(first.server);
  const wordPress = await timedImport(first.server, firstOwner.access_token, wxr, 'export.xml', 'own');

  const exportStarted = performance.now();
  const exported = await fetch(`${first.server.base}/api/admin/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${firstOwner.access_token}` },
  });
  const zip = await exported.blob();
  const exportMs = performance.now() - exportStarted;

  const secondOwner = await owner(second.server);
  const inkwell = await timedImport(second.server, secondOwner.access_token, zip, 'site.zip', 'site');

  const s = (ms: number) => (ms / 1000).toFixed(1);
  const rows = [
    ['WordPress export (.xml)', wxr.size, wordPress],
    ['Inkwell export (.zip)', zip.size, inkwell],
  ] as const;
  console.log(`\n${POSTS} posts × ${IMAGES} images (800×600 PNG), embedded PostgreSQL, one machine\n`);
  console.log('| import | file | upload answered | all written | posts/s | images/s | report lines |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, bytes, run] of rows)
    console.log(
      `| ${name} | ${(bytes / 1e6).toFixed(1)} MB | ${s(run.answered)} s | ${s(run.total)} s | ${(POSTS / (run.total / 1000)).toFixed(1)} | ${(run.status.imagesFetched / (run.total / 1000)).toFixed(1)} | ${run.status.report.length} |`,
    );
  console.log(`\nSite export: ${(zip.size / 1e6).toFixed(1)} MB in ${s(exportMs)} s`);
} finally {
  await Promise.all([stopOn(first), stopOn(second)]);
  images.close();
}

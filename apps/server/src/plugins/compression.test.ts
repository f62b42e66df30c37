import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, buildBlog, buildUser, type TestUser } from '../test/factories.ts';
import { fixtureImage } from '../test/images.ts';
import { compressed } from './compression.ts';

/** A built web app as `npm run build` leaves it: index.html, and a script with its .br and .gz beside it. */
function builtWebDist() {
  const dir = mkdtempSync(path.join(tmpdir(), 'inkwell-web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) => `<p>Paragraph ${i} of a page long enough to be worth compressing.</p>`,
  ).join('');
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><title>Inkwell</title></head><body><div id="root">${paragraphs}</div></body></html>`,
  );
  const script = Buffer.from(Array.from({ length: 300 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n'));
  const files = { plain: script, br: brotliCompressSync(script), gzip: gzipSync(script, { level: 9 }) };
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), files.plain);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), files.br);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), files.gzip);
  return { dir, script: files };
}

let t: TestApp;
let author: TestUser;
let web: ReturnType<typeof builtWebDist>;
let uploadsDir: string;
beforeAll(async () => {
  web = builtWebDist();
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'inkwell-uploads-test-'));
  t = await buildTestApp({ WEB_DIST: web.dir, UPLOADS_DIR: uploadsDir, STREAM_HEARTBEAT_SECONDS: '60' });
  author = await buildUser(t.app);
  for (let i = 0; i < 5; i++) await buildBlog(t.app, author);
});
afterAll(async () => {
  await t.close();
  rmSync(web.dir, { recursive: true, force: true });
  rmSync(uploadsDir, { recursive: true, force: true });
});

type Encoding = 'br' | 'gzip' | 'identity';
const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };

interface Request {
  method?: 'GET' | 'POST';
  url: string;
  payload?: object;
  /** A signed-in reader's: the read cache never answers it. */
  signedIn?: boolean;
}

/** The answer to a client that sends `Accept-Encoding: accepts`, with its bytes as they travelled and as they read. */
async function fetchAs(accepts: string, { method = 'GET', url, payload, signedIn }: Request) {
  const headers = { 'accept-encoding': accepts, ...(signedIn && bearer(author.token)) };
  const res = await t.app.inject({ method, url, ...(payload && { payload }), headers });
  expect(res.statusCode, url).toBe(200);
  const sent = res.rawPayload;
  if (res.headers['content-length'] !== undefined) expect(Number(res.headers['content-length'])).toBe(sent.length);
  const contentEncoding = res.headers['content-encoding'];
  return { res, sent, contentEncoding, body: decode[(contentEncoding as Encoding | undefined) ?? 'identity'](sent) };
}

describe('text answers', () => {
  it.each<[string, Request]>([
    ['a JSON reading call', { method: 'POST', url: '/api/blog/latest-blogs', payload: { page: 1 } }],
    ['a page', { url: '/' }],
    [
      "a signed-in reader's call",
      { method: 'POST', url: '/api/blog/latest-blogs', payload: { page: 1 }, signedIn: true },
    ],
  ])('%s goes out in brotli, else gzip, else as it is, and reads the same every way', async (_, request) => {
    const plain = await fetchAs('identity', request);
    expect(plain.contentEncoding).toBeUndefined();
    expect(plain.sent.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const { res, sent, contentEncoding, body } = await fetchAs(encoding, request);
      expect(contentEncoding).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(sent.length).toBeLessThan(plain.sent.length / 2);
      expect(body.equals(plain.sent)).toBe(true);
    }
    // A client that takes both gets brotli, the smaller.
    expect((await fetchAs('gzip, deflate, br', request)).contentEncoding).toBe('br');
  });
});

describe('an answer compressed whole', () => {
  // Text in which nothing repeats for long, so that its compressed copy fills more than one of the
  // compressor's 16 KiB chunks of output: the frame must still be finished by the answer's one write.
  const long = Array.from({ length: 40_000 }, (_, i) => `<p data-i="${(i * 2654435761) % 4294967296}">${i}</p>`).join(
    '',
  );
  it.each([
    ['a page', Buffer.from(`<main>${'<p>A paragraph of a page.</p>'.repeat(100)}</main>`)],
    ['a long answer, as text', long],
  ])('%s reads back whole, in brotli and in gzip', async (_, answer) => {
    for (const encoding of ['br', 'gzip'] as const) {
      const sent = await compressed(answer, encoding);
      expect(sent.length).toBeLessThan(Buffer.byteLength(answer));
      expect(decode[encoding](sent).equals(Buffer.from(answer))).toBe(true);
    }
  });
  it("the long answer's gzip copy is longer than one of the compressor's chunks of output", async () => {
    expect((await compressed(long, 'gzip')).length).toBeGreaterThan(16 * 1024);
  });
});

describe('built assets', () => {
  it('are sent as compressed at build time (the .br or .gz beside the file), with Vary: Accept-Encoding', async () => {
    for (const [encoding, expected] of [
      ['br', web.script.br],
      ['gzip', web.script.gzip],
      ['identity', web.script.plain],
    ] as const) {
      const { res, sent, contentEncoding, body } = await fetchAs(encoding, { url: '/assets/app-abc123.js' });
      expect(contentEncoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Byte for byte the file the build wrote, not compressed again on the way out.
      expect(sent.equals(expected)).toBe(true);
      expect(body.equals(web.script.plain)).toBe(true);
    }
  });
});

describe('what is never compressed', () => {
  it('an image, already compressed, goes out as stored', async () => {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(await fixtureImage('jpeg', 400, 300))], { type: 'image/jpeg' }),
      'photo.jpg',
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload: form,
      headers: bearer(author.token),
    });
    const { url } = (uploaded.json() as { file: { url: string } }).file;
    const plain = await fetchAs('identity', { url });
    const asked = await fetchAs('br', { url });
    expect(asked.contentEncoding).toBeUndefined();
    expect(asked.sent.length).toBeGreaterThan(1024);
    expect(asked.sent.equals(plain.sent)).toBe(true);
  });

  it('the notification stream, which stays live: its first event arrives, uncompressed, while it stays open', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { headers, firstChunk, close } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      firstChunk: Buffer;
      close: () => void;
    }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/notification/stream',
          headers: { ...bearer(author.token), 'accept-encoding': 'br, gzip' },
        },
        (res) =>
          res.once('data', (chunk: Buffer) =>
            resolve({ headers: res.headers, firstChunk: chunk, close: () => req.destroy() }),
          ),
      );
      req.on('error', reject);
    });
    close();
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    expect(firstChunk.toString()).toMatch(/^event: notification\ndata: \{/);
  });
});

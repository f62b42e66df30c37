import type * as Dns from 'node:dns/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, buildUser, type TestUser } from '../test/factories.ts';
import { startLocalServer, type LocalServer } from '../test/local-server.ts';
import type { ImportStatusResponse } from '@inkwell/contracts';
import { userOfToken } from '../modules/auth/index.ts';
import type { ImportedPost } from '../modules/imports/import-bundle.ts';
import { startImport } from '../modules/imports/imports.service.ts';

/**
 * A DNS stand-in for names under .inkwell.test, so a test can make a public-looking name resolve
 * to loopback or the metadata address the way a hostile DNS zone would. Every other name goes to
 * the real resolver.
 */
const ZONE: Record<string, { address: string; family: number }[]> = {
  'allowed.inkwell.test': [{ address: '127.0.0.1', family: 4 }],
  'loopback.inkwell.test': [{ address: '127.0.0.1', family: 4 }],
  'v6-loopback.inkwell.test': [{ address: '::1', family: 6 }],
  'metadata.inkwell.test': [{ address: '169.254.169.254', family: 4 }],
  'private.inkwell.test': [{ address: '10.1.2.3', family: 4 }],
  // One bad address among good ones is enough: a resolver may hand out either.
  'mixed.inkwell.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
};
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Dns>();
  const lookup = (host: string, options: object) => ZONE[host.toLowerCase()] ?? real.lookup(host, options as never);
  return { ...real, lookup, default: { ...real, lookup } };
});

let t: TestApp;
let user: TestUser;
let target: LocalServer;
let uploadsDir: string;
/** Every request the loopback server saw: a refused fetch must never reach it. */
const seen: string[] = [];

beforeAll(async () => {
  target = await startLocalServer((req, res) => {
    seen.push(req.url!);
    const to = new URL(req.url!, 'http://x').searchParams.get('to');
    if (to) res.writeHead(302, { location: to.replace('PORT', String(target.port)) }).end();
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<title>secret internal page</title>');
  });
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'inkwell-ssrf-'));
  t = await buildTestApp({
    UPLOADS_DIR: uploadsDir,
    FETCH_ALLOW_HOSTS: 'allowed.inkwell.test',
    RATE_LIMIT_MULTIPLIER: '100',
  });
  user = await buildUser(t.app);
});
afterAll(async () => {
  await t.close();
  await target.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/**
 * The three ways a user makes the server fetch a URL at once, and the answer of a refusal (an
 * import's images are fetched later, by its job: the last test): the link tool
 * reads only `success`, so a preview it cannot make is a 200 `{success: 0}` (docs/product/rules.md "Couldn't get
 * this link data"), while an image import is a 400 with the reason, and so is an outside profile picture.
 */
const FETCHERS = {
  'link preview': {
    refused: 200,
    says: { success: 0 },
    fetch: (url: string) =>
      t.app.inject({ url: `/api/link-preview?url=${encodeURIComponent(url)}`, headers: bearer(user.token) }),
  },
  'image by URL': {
    refused: 400,
    says: { success: 0, code: 'fetch_failed' },
    fetch: (url: string) =>
      t.app.inject({ method: 'POST', url: '/api/upload/image-by-url', payload: { url }, headers: bearer(user.token) }),
  },
  'profile picture': {
    refused: 400,
    says: { error: expect.any(String), code: 'fetch_failed' },
    fetch: (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/update-profile-img',
        payload: { url },
        headers: bearer(user.token),
      }),
  },
};

const LOOPBACK = [
  'http://localhost:PORT/',
  'http://LocalHost.:PORT/',
  'http://127.0.0.1:PORT/',
  'http://127.0.0.2:PORT/',
  'http://2130706433:PORT/',
  'http://0x7f000001:PORT/',
  'http://0x7f.0.0.1:PORT/',
  'http://0177.0.0.1:PORT/',
  'http://017700000001:PORT/',
  'http://127.1:PORT/',
  'http://0.0.0.0:PORT/',
  'http://0:PORT/',
  'http://[::1]:PORT/',
  'http://[0:0:0:0:0:0:0:1]:PORT/',
  'http://[::ffff:127.0.0.1]:PORT/',
  'http://[::ffff:7f00:1]:PORT/',
  'https://127.0.0.1:PORT/',
  'http://user:pass@127.0.0.1:PORT/',
  'http://loopback.inkwell.test:PORT/',
  'http://v6-loopback.inkwell.test:PORT/',
  'http://mixed.inkwell.test:PORT/',
];
const PRIVATE_AND_METADATA = [
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://[fd00:ec2::254]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://metadata.inkwell.test/computeMetadata/v1/',
  'http://private.inkwell.test/',
];
const OTHER_SCHEMES = [
  'file:///etc/passwd',
  'ftp://example.com/a.png',
  'gopher://127.0.0.1:PORT/_x',
  'dict://127.0.0.1:PORT/',
  'data:image/png;base64,iVBORw0KGgo=',
  'javascript:alert(1)',
  'ws://127.0.0.1:PORT/',
];
/** Redirects from the allowed server: each hop is checked again. */
const REDIRECTS = [
  'http://127.0.0.1:PORT/',
  'http://[::1]:PORT/',
  'http://169.254.169.254/latest/meta-data/',
  'http://loopback.inkwell.test:PORT/',
  'file:///etc/passwd',
].map((to) => `http://allowed.inkwell.test:PORT/hop?to=${encodeURIComponent(to)}`);

const withPort = (url: string) => url.replaceAll('PORT', String(target.port));

describe.each(Object.entries(FETCHERS))('%s', (_name, { refused, says, fetch: fetchUrl }) => {
  it.each([...LOOPBACK, ...PRIVATE_AND_METADATA, ...OTHER_SCHEMES])('refuses %s before any connection', async (url) => {
    seen.length = 0;
    const res = await fetchUrl(withPort(url));
    expect(res.statusCode).toBe(refused);
    expect(res.json()).toMatchObject(says);
    expect(seen).toEqual([]);
  });

  it.each(REDIRECTS)('follows %s no further than the allowed server', async (url) => {
    seen.length = 0;
    const res = await fetchUrl(withPort(url));
    expect(res.statusCode).toBe(refused);
    expect(res.json()).toMatchObject(says);
    expect(seen).toEqual([new URL(withPort(url)).pathname + new URL(withPort(url)).search]);
  });
});

it('does reach the allowed server, so the refusals above are not an accident of the setup', async () => {
  seen.length = 0;
  const res = await FETCHERS['link preview'].fetch(withPort('http://allowed.inkwell.test:PORT/page'));
  expect(res.json()).toMatchObject({ success: 1, meta: { title: 'secret internal page' } });
  expect(seen).toEqual(['/page']);
});

it("an import's images: each refused address is reported and never reached, redirects checked at every hop", async () => {
  const addresses = [...LOOPBACK, ...PRIVATE_AND_METADATA, ...OTHER_SCHEMES, ...REDIRECTS].map(withPort);
  const post = (url: string, n: number): ImportedPost => ({
    sourceKey: `ssrf-${n}`,
    title: `Post ${n}`,
    description: 'd',
    tags: ['t'],
    banner: url,
    blocks: [{ type: 'paragraph', data: { text: 'Words.' } }],
    draft: false,
    oldPaths: [],
    problems: [],
  });
  const started = await startImport(
    t.app.db,
    (await userOfToken(t.app.db, user.token, false))!,
    { bundle: { source: 'wordpress', authors: [], posts: addresses.map(post), problems: [] }, files: new Map() },
    'own',
  );
  seen.length = 0;
  await t.app.jobs.runDue();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/imports/status',
    payload: { id: started.id },
    headers: bearer(user.token),
  });
  const { import: done } = res.json<ImportStatusResponse>();
  expect(done).toMatchObject({ state: 'done', postsImported: addresses.length, imagesFetched: 0 });
  const refusedImages = done.report.filter((line) => line.problem.startsWith('The image '));
  expect(refusedImages.map((line) => line.post).sort()).toEqual(addresses.map((_, n) => `Post ${n}`).sort());
  // Only the allowed server's first hop of each redirect was reached.
  expect(seen.sort()).toEqual(
    REDIRECTS.map((url) => new URL(withPort(url)))
      .map((u) => u.pathname + u.search)
      .sort(),
  );
});

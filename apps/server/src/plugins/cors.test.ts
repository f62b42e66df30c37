import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, buildUser } from '../test/factories.ts';
import { fixtureImage } from '../test/images.ts';
import { startLocalServer, type LocalServer } from '../test/local-server.ts';

const FRONT = 'https://front.example.org';
const OTHER_FRONT = 'http://localhost:5173';

let t: TestApp;
let sameOriginOnly: TestApp;
let images: LocalServer;
beforeAll(async () => {
  t = await buildTestApp({ CORS_ORIGINS: `${FRONT}, ${OTHER_FRONT}`, FETCH_ALLOW_HOSTS: 'localhost' });
  sameOriginOnly = await buildTestApp();
  const png = await fixtureImage('png');
  images = await startLocalServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
});
afterAll(async () => {
  await Promise.all([t.close(), sameOriginOnly.close(), images.close()]);
});

/** A preflight as Chromium sends it before a JSON call with a token. */
const preflight = (
  app: TestApp['app'],
  url: string,
  origin: string,
  method = 'POST',
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
      ...headers,
    },
  });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS_ORIGINS', () => {
  it.each([
    ['an API call', '/api/user/signin', 'POST'],
    ['the notifications list without the /api prefix', '/notifications', 'POST'],
    ['the notification stream', '/api/notification/stream', 'GET'],
    ['an image', '/uploads/0000000000000000000000000000000000000000000000000000000000000000.png', 'GET'],
    ['a path that does not exist', '/api/no-such-endpoint', 'POST'],
  ])(
    'answers the preflight of %s from a listed origin, before body parsing and not-found',
    async (_case, url, method) => {
      for (const origin of [FRONT, OTHER_FRONT]) {
        // A Content-Type the JSON parser would answer with 415: the preflight must be answered first.
        const res = await preflight(t.app, url, origin, method, { 'content-type': 'text/plain' });
        expect(res.statusCode).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
        expect(res.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
        expect(res.headers['access-control-max-age']).toBe('600');
        // Bearer tokens, not cookies: credentials are never allowed.
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
        expect(String(res.headers.vary)).toMatch(/\bOrigin\b/);
      }
    },
  );

  it('lets a listed origin read every answer, refusals included', async () => {
    const headers = { origin: FRONT };
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/user/signup',
      headers,
      payload: { fullname: 'Front Writer', email: 'front.writer@example.com', password: 'Secret123' },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.headers['access-control-allow-origin']).toBe(FRONT);
    expect(signUp.headers['access-control-expose-headers']).toBe('Retry-After');

    const token = signUp.json().access_token as string;
    const list = await t.app.inject({
      method: 'POST',
      url: '/notifications',
      headers: { ...headers, ...bearer(token) },
      payload: { page: 1, filter: 'all' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(FRONT);

    const refusals = [
      await t.app.inject({ method: 'POST', url: '/notifications', headers, payload: { page: 1 } }),
      await t.app.inject({
        method: 'POST',
        url: '/api/user/signin',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      await t.app.inject({ method: 'POST', url: '/api/no-such-endpoint', headers }),
    ];
    expect(refusals.map((res) => [res.statusCode, res.json()])).toEqual([
      [401, { error: ErrorMessages.unauthorized, code: 'unauthorized' }],
      [415, { error: 'Unsupported content type', code: 'unsupported_content_type' }],
      [404, { error: 'Not found', code: 'not_found' }],
    ]);
    for (const res of refusals) expect(res.headers['access-control-allow-origin']).toBe(FRONT);
  });

  it('gives an origin not in the list no CORS headers, and its preflight the usual 404', async () => {
    const res = await preflight(t.app, '/api/user/signin', 'https://evil.example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    expect(corsHeaders(res.headers)).toEqual([]);
    const call = await t.app.inject({
      url: '/api/health',
      headers: { origin: 'https://front.example.org.evil.example.com' },
    });
    expect(call.statusCode).toBe(200);
    expect(corsHeaders(call.headers)).toEqual([]);
  });

  it('opens the notification stream to a listed origin over HTTP', async () => {
    const user = await buildUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const res = await fetch(
      `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/notification/stream`,
      {
        headers: { origin: FRONT, ...bearer(user.token) },
        signal: controller.signal,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBe(FRONT);
    controller.abort();
  });

  it('lets a front end on another origin show our images, even one isolated with COEP', async () => {
    const user = await buildUser(t.app);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/upload/image-by-url',
      payload: { url: `${images.url}/cat.png` },
      headers: bearer(user.token),
    });
    expect(stored.statusCode).toBe(200);
    for (const url of [stored.json().file.url as string, user.session.profile_img]) {
      const res = await t.app.inject({ url, headers: { origin: FRONT } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\//);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['access-control-allow-origin'], url).toBe(FRONT);
    }
  });
});

describe('without CORS_ORIGINS', () => {
  it('answers the same origin only: no CORS headers, a preflight is a 404 as before', async () => {
    const res = await preflight(sameOriginOnly.app, '/api/user/signin', FRONT);
    expect(res.statusCode).toBe(404);
    expect(corsHeaders(res.headers)).toEqual([]);
    const call = await sameOriginOnly.app.inject({
      method: 'POST',
      url: '/api/user/signin',
      headers: { origin: FRONT },
      payload: { email: 'a@b.co', password: 'Secret123' },
    });
    expect(call.statusCode).toBe(401);
    expect(corsHeaders(call.headers)).toEqual([]);
  });
});

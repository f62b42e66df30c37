import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { FRONT_ORIGIN, FRONT_PORT, UNLISTED_FRONT_ORIGIN } from './support/front-origin.ts';
import { createUser, expect, test, uploadImage } from './support/fixtures.ts';

// One page server on one port for the whole file.
test.describe.configure({ mode: 'serial' });

let front: Server;
test.beforeAll(async () => {
  // A bare page, isolated with COEP the way a strict front end may be: images it shows must allow it.
  front = createServer((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cross-origin-embedder-policy': 'require-corp' })
      .end(
        '<!doctype html><html><head><title>Another front end</title><link rel="icon" href="data:,"></head><body></body></html>',
      );
  });
  await new Promise<void>((resolve) => front.listen(FRONT_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => front.close(() => resolve())));

/** Runs fetch in the front end's page, so Chromium sends its Origin and preflights. */
function callApi(page: Page, url: string, init: { body?: unknown; token?: string; method?: string } = {}) {
  return page.evaluate(
    async ({ url, body, token, method }) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(url, {
        method: method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { url, ...init },
  );
}

test('a front end on a listed origin signs in, lists notifications, opens the stream and shows images', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  // Chromium logs the deliberate 401 below.
  consoleErrors.allow(/status of 401 \(Unauthorized\)/);
  const user = await createUser(request, 'Front Reader');
  const image = await uploadImage(request, user);
  await page.goto(`${FRONT_ORIGIN}/`);

  const signIn = await callApi(page, `${baseURL}/api/user/signin`, {
    body: { email: user.email, password: user.password },
  });
  expect(signIn).toMatchObject({ status: 200, body: { username: user.username } });
  const token = signIn.body.access_token as string;

  expect(
    await callApi(page, `${baseURL}/notifications`, { body: { page: 1, filter: 'all', deletedDocCount: 0 }, token }),
  ).toMatchObject({
    status: 200,
    body: { notifications: [] },
  });
  // A refusal is readable too, so the front end can show its message.
  expect(await callApi(page, `${baseURL}/notifications`, { body: { page: 1 } })).toEqual({
    status: 401,
    body: { error: expect.any(String), code: 'unauthorized' },
  });

  const firstEvent = await page.evaluate(
    async ({ url, token }) => {
      const controller = new AbortController();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
      const { value } = await res.body!.getReader().read();
      controller.abort();
      return new TextDecoder().decode(value);
    },
    { url: `${baseURL}/api/notification/stream`, token },
  );
  expect(firstEvent).toContain('event: notification');

  const width = await page.evaluate(async (src) => {
    const img = document.createElement('img');
    img.src = src;
    document.body.append(img);
    await img.decode();
    return img.naturalWidth;
  }, image);
  expect(width).toBeGreaterThan(0);
});

test('a front end on an origin not listed in CORS_ORIGINS cannot read the API', async ({
  page,
  request,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.allow(/blocked by CORS policy/);
  consoleErrors.allow(/Failed to load resource: net::ERR_FAILED/);
  const user = await createUser(request);
  await page.goto(`${UNLISTED_FRONT_ORIGIN}/`);
  const outcome = await page.evaluate(
    async ({ url, body }) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (res) => `answered ${res.status}`,
        (error: Error) => error.name,
      ),
    { url: `${baseURL}/api/user/signin`, body: { email: user.email, password: user.password } },
  );
  expect(outcome).toBe('TypeError');
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, ApiError, retryUnlessRefused } from './api.ts';

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/refused') {
      res.writeHead(409, { 'content-type': 'application/json' });
      return res.end('{"error":"This blog changed since you opened it","code":"blog_changed"}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // /slow sends half its body and never the rest, like a busy server caught mid-answer.
    if (req.url === '/slow') res.write('{"totalDocs":');
    else res.end(req.url === '/wrong' ? '{"total":1}' : '{"totalDocs":3}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

it('checks the answer against the contract', async () => {
  await expect(api(`${origin}/ok`, { schema: 'CountResponse' })).resolves.toEqual({ totalDocs: 3 });
  const wrong = api(`${origin}/wrong`, { schema: 'CountResponse' });
  await expect(wrong).rejects.toBeInstanceOf(ApiError);
  await expect(wrong).rejects.toThrow('Unexpected response from the server');
});

it('carries a refusal’s text to show and its code to branch on', async () => {
  await expect(api(`${origin}/refused`)).rejects.toMatchObject({
    status: 409,
    message: 'This blog changed since you opened it',
    code: 'blog_changed',
  });
});

it('reports a request cancelled while its body arrives as a cancellation, not a malformed answer', async () => {
  const controller = new AbortController();
  const request = api(`${origin}/slow`, { schema: 'CountResponse', signal: controller.signal });
  // The headers have come; the body is still open.
  await new Promise((resolve) => setTimeout(resolve, 100));
  controller.abort();
  await expect(request).rejects.toMatchObject({ name: 'AbortError' });
});

it('has queries retry a network failure or a server error once, and never a refusal', () => {
  for (const status of [0, 500, 503]) {
    expect(retryUnlessRefused(0, new ApiError(status, 'x')), String(status)).toBe(true);
    expect(retryUnlessRefused(1, new ApiError(status, 'x')), String(status)).toBe(false);
  }
  expect(retryUnlessRefused(0, new TypeError('Failed to fetch'))).toBe(true);
  for (const status of [400, 401, 403, 404, 429])
    expect(retryUnlessRefused(0, new ApiError(status, 'x')), String(status)).toBe(false);
});

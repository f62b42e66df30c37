import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, ApiError, retryUnlessRefused, sendApiCallsThrough } from './api.ts';

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/refused') {
      res.writeHead(409, { 'content-type': 'application/json' });
      return res.end('{"error":"This blog changed since you opened it","code":"blog_changed"}');
    }
    if (req.url === '/no-content') return res.writeHead(204).end();
    if (req.url === '/accepted') {
      res.writeHead(202, { 'content-type': 'application/json' });
      return res.end('{"status":"applied","message":"Thank you"}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // /slow sends half its body and never the rest, like a busy server caught mid-answer.
    if (req.url === '/slow') res.write('{"totalDocs":');
    else if (req.url === '/message') res.end('{"message":"Done"}');
    else res.end(req.url === '/wrong' ? '{"total":1}' : '{"totalDocs":3}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Every call, whatever its path, goes to the test server's `route`, which answers as it says. */
const answerFrom = (route: '/ok' | '/wrong' | '/slow' | '/no-content' | '/message' | '/refused' | '/accepted') =>
  sendApiCallsThrough((_path, init) => fetch(`${origin}${route}`, init));

it('checks the answer against the contract', async () => {
  answerFrom('/ok');
  await expect(api('/api/blog/all-latest-blogs-count')).resolves.toEqual({ totalDocs: 3 });
  answerFrom('/wrong');
  const wrong = api('/api/blog/all-latest-blogs-count');
  await expect(wrong).rejects.toBeInstanceOf(ApiError);
  await expect(wrong).rejects.toThrow('Unexpected response from the server');
});

it('carries a refusal’s text to show and its code to branch on', async () => {
  answerFrom('/refused');
  await expect(api('/api/blog/all-latest-blogs-count')).rejects.toMatchObject({
    status: 409,
    message: 'This blog changed since you opened it',
    code: 'blog_changed',
  });
});

it("finds the answer's contract from the path, a path with a token's part included", async () => {
  answerFrom('/message');
  await expect(api('/unsubscribe/a-token', { body: {} })).resolves.toEqual({ message: 'Done' });
  await expect(api('/api/user/forgot-password', { body: { email: 'a@b.co' } })).resolves.toEqual({ message: 'Done' });
  await expect(api('/api/blog/all-latest-blogs-count')).rejects.toThrow('Unexpected response from the server');
});

it('checks a 202 Accepted answer against the call’s own contract for it, and only a call that has one', async () => {
  answerFrom('/accepted');
  const body = { fullname: 'Ada Lovelace', email: 'ada@example.com', password: 'Secret123', reason: 'Lichens' };
  await expect(api('/api/user/signup', { body })).resolves.toEqual({ status: 'applied', message: 'Thank you' });
  await expect(api('/api/blog/all-latest-blogs-count')).rejects.toThrow('Unexpected response from the server');
});

it('answers null for an answer without content, as there is nothing to check', async () => {
  answerFrom('/no-content');
  await expect(api('/api/blog/read', { body: { blog_id: 'a-blog' } })).resolves.toBeNull();
});

it('reports a request cancelled while its body arrives as a cancellation, not a malformed answer', async () => {
  answerFrom('/slow');
  const controller = new AbortController();
  const request = api('/api/blog/all-latest-blogs-count', { signal: controller.signal });
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

it('takes each path with the body its contract takes, and answers its own answer (tsc checks these lines)', () => {
  // Never called: they are here for the type checker, which fails on an @ts-expect-error that has no error.
  const calls = [
    // @ts-expect-error like-blog takes a blog's _id and whether the reader likes it, not a comment
    () => api('/api/blog/like-blog', { body: { _id: 'a', comment: 'Nice' }, auth: true }),
    // @ts-expect-error like-blog needs a body
    () => api('/api/blog/like-blog', { auth: true }),
    // @ts-expect-error the count of latest blogs takes no body
    () => api('/api/blog/all-latest-blogs-count', { body: { page: 1 } }),
    // @ts-expect-error trending-blogs is a GET, and says so
    () => api('/api/blog/trending-blogs'),
    // @ts-expect-error an upload is a form, not JSON
    () => api('/api/upload/image', { body: { image: 'a.png' }, auth: true }),
    // @ts-expect-error no such call
    () => api('/api/blog/no-such-call'),
    // @ts-expect-error a like answers the like and the total, not a blog
    async (): Promise<{ blog: unknown }> => api('/api/blog/like-blog', { body: { _id: 'a', isLikedByUser: false } }),
    async (): Promise<{ liked_by_user: boolean; total_likes: number }> =>
      api('/api/blog/like-blog', { body: { _id: 'a', isLikedByUser: false }, auth: true }),
    async (): Promise<{ message: string }> => api('/subscribe/confirm/a-token', { body: {} }),
    () => api('/api/upload/image', { body: new FormData(), auth: true }),
    () => api('/api/blog/trending-blogs', { method: 'GET' }),
  ];
  expect(calls).toHaveLength(11);
});

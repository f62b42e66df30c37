import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/test-database.ts';

const sockets: net.Socket[] = [];
afterEach(() => sockets.splice(0).forEach((socket) => socket.destroy()));

/** The real server on a free port, with a route that answers only when told to. */
async function listening(env: Record<string, string>) {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', READ_FLUSH_SECONDS: '0', ...env }),
    database,
  });
  let release = () => {};
  let entered = () => {};
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  app.get('/test/held', async () => {
    entered();
    await new Promise<void>((resolve) => (release = resolve));
    return { held: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, database, inHandler, release: () => release() };
}

/** A raw connection, and everything it has received until the server closes it. */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

it('a stop lets the request in flight finish, refuses the next one on the same connection in our shape, and ends', async () => {
  const { app, port, database, inHandler, release } = await listening({});
  const { socket, closed } = connect(port);
  socket.write('GET /test/held HTTP/1.1\r\nHost: x\r\n\r\n');
  await inHandler;
  const stopped = app.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 100));
  release();
  const received = await closed;
  await stopped;
  await database.drop();
  const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
  expect(first).toMatch(/^HTTP\/1\.1 200 /);
  expect(first).toContain('{"held":true}');
  expect(second).toMatch(/^HTTP\/1\.1 503 /);
  expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
  expect(second!.split('\r\n\r\n')[1]).toBe(
    JSON.stringify({ error: ErrorMessages.server_restarting, code: 'server_restarting' }),
  );
});

it('a stop is bounded: a connection that never sends its request is closed after SHUTDOWN_SECONDS', async () => {
  const { app, port, database } = await listening({ SHUTDOWN_SECONDS: '0.5' });
  const silent = connect(port);
  const slow = connect(port);
  await new Promise((resolve) => slow.socket.once('connect', resolve));
  slow.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
  // Without the bound, close() waits for these clients for ever (the test's own timeout fails it).
  await app.close();
  await Promise.all([silent.closed, slow.closed]);
  await database.drop();
});

it('hundreds of clients sending their requests slowly neither starve a reader nor stay past REQUEST_TIMEOUT_SECONDS', async () => {
  const { app, port, database } = await listening({ REQUEST_TIMEOUT_SECONDS: '1' });
  const slow = Array.from({ length: 300 }, () => connect(port));
  await Promise.all(slow.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));
  const trickle = setInterval(() => slow.forEach(({ socket }) => socket.write('X-Slow: yes\r\n')), 200);
  for (const { socket } of slow) socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(answer.status).toBe(200);
    // Each slow client is answered 408 and let go, not kept.
    const received = await Promise.all(slow.map(({ closed }) => closed));
    expect(received.every((text) => text.startsWith('HTTP/1.1 408 '))).toBe(true);
    expect(received.every((text) => text.endsWith('{"error":"Request Timeout","code":"request_timeout"}'))).toBe(true);
  } finally {
    clearInterval(trickle);
    await app.close();
    await database.drop();
  }
});

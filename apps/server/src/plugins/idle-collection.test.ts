import Fastify from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import { registerIdleCollection } from './idle-collection.ts';

afterEach(() => {
  vi.useRealTimers();
});

it("collects as the server gets ready (start-up's garbage), then once it has been idle after answering and grew, once a busy spell, and never for work without requests", async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
  let size = 100;
  let collections = 0;
  const app = Fastify();
  registerIdleCollection(app, { collect: () => collections++, rss: () => size, idleMs: 10_000, growthBytes: 50 });
  app.get('/', async () => 'hello');
  await app.ready();
  try {
    expect(collections).toBe(1);
    // Grown without a request (a job in the background): left alone.
    size = 200;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(collections).toBe(1);

    await app.inject('/');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collections).toBe(1); // not idle for long enough yet
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collections).toBe(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toBe(2);

    // Another request, but no growth since: nothing worth collecting.
    await app.inject('/');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(collections).toBe(2);
  } finally {
    await app.close();
  }
});

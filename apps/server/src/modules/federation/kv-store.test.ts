import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { PgKvStore } from './kv-store.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

it('keeps values by key, lists by prefix, swaps only an expected value, and forgets what expired', async () => {
  const kv = new PgKvStore(database.db);
  await kv.set(['keys', 'https://a.example/actor'], { pem: 'x' });
  await kv.set(['keys', 'https://b.example/actor'], 'y');
  await kv.set(['keysets', 'z'], 1);
  await kv.set(['short'], true, { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
  expect(await kv.get(['keys', 'https://a.example/actor'])).toEqual({ pem: 'x' });
  expect(await kv.get(['missing'])).toBeUndefined();

  const listed = [];
  for await (const entry of kv.list(['keys'])) listed.push(entry);
  expect(listed.map((e) => e.key).sort()).toEqual([
    ['keys', 'https://a.example/actor'],
    ['keys', 'https://b.example/actor'],
  ]);

  expect(await kv.cas(['keys', 'https://b.example/actor'], 'not y', 'w')).toBe(false);
  expect(await kv.cas(['keys', 'https://b.example/actor'], 'y', 'w')).toBe(true);
  expect(await kv.get(['keys', 'https://b.example/actor'])).toBe('w');
  expect(await kv.cas(['fresh'], undefined, 'v')).toBe(true);

  await kv.delete(['keys', 'https://a.example/actor']);
  expect(await kv.get(['keys', 'https://a.example/actor'])).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await kv.get(['short'])).toBeUndefined();
});

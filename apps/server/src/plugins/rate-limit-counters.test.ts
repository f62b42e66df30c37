import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { hit, reset } from './rate-limit-counters.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('a rate limit', () => {
  const limit = { key: 'signInPerIp:192.0.2.1', limit: 2, windowSeconds: 60 };
  /** As if the window had begun `seconds` ago. */
  const windowBegan = (key: string, seconds: number) =>
    database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() + make_interval(secs => ${60 - seconds})` })
      .where(eq(rateLimits.key, key));
  /** The wait a refused hit answers: what is left of the window, to the second above (a busy machine may take one). */
  const refusedFor = async (seconds: number, key = limit) =>
    expect(await hit(database.db, key)).toBeOneOf([seconds - 1, seconds]);

  it('lets the limit through, then says how long is left of the window, and counts anew once it ends', async () => {
    expect([await hit(database.db, limit), await hit(database.db, limit)]).toEqual([0, 0]);
    await refusedFor(60);
    await windowBegan(limit.key, 45);
    await refusedFor(15);
    await windowBegan(limit.key, 60);
    expect([await hit(database.db, limit), await hit(database.db, limit)]).toEqual([0, 0]);
    await refusedFor(60);
  });

  it('counts each key apart, and forgets one that is reset', async () => {
    const other = { ...limit, key: 'signInPerIp:192.0.2.2' };
    expect(await hit(database.db, other)).toBe(0);
    await reset(database.db, limit.key);
    expect([await hit(database.db, limit), await hit(database.db, limit), await hit(database.db, other)]).toEqual([
      0, 0, 0,
    ]);
    await refusedFor(60, other);
  });
});

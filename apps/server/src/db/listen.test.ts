import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { queryRows } from './query-rows.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const received = (channel: string) => {
  const payloads: string[] = [];
  return { payloads, listen: () => database.listen(channel, (payload) => payloads.push(payload)) };
};
const notify = (channel: string, payload: string) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

it('delivers NOTIFY payloads to the listeners of their channel only', async () => {
  const a = received('inkwell_test_a');
  const b = received('inkwell_test_b');
  await a.listen();
  await b.listen();
  await notify('inkwell_test_a', 'one');
  await expect.poll(() => a.payloads).toEqual(['one']);
  expect(b.payloads).toEqual([]);
});

it.runIf(process.env.TEST_DATABASE_URL)(
  'listens again on every channel when its PostgreSQL connection drops',
  async () => {
    const c = received('inkwell_test_c');
    await c.listen();
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    // Until the new connection has listened, a notification may be missed: keep sending until one arrives.
    await expect
      .poll(async () => {
        await notify('inkwell_test_c', 'after');
        return c.payloads;
      })
      .toContain('after');
    const listening = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(listening[0]!.n).toBeGreaterThan(0);
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  'tells its subscribers once it listens again after a drop, since what was notified in between is lost',
  async () => {
    let resumed = 0;
    await database.listen(
      'inkwell_test_e',
      () => {},
      () => resumed++,
    );
    expect(resumed).toBe(0);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    await expect.poll(() => resumed, { timeout: 10_000 }).toBe(1);
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  'closes cleanly when the server cuts its listening connection as it closes',
  async () => {
    const other = await createTestDatabase();
    await other.listen('inkwell_test_d', () => {});
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const cut = admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
      [new URL(other.url!).pathname.slice(1)],
    );
    // Hold the event loop while the server cuts the connection, so its "terminating connection"
    // is read only after close() has handed the connection back to the pool.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    await other.drop();
    await cut;
    await admin.end();
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  'keeps one listening connection when it drops again while listening anew, and still closes',
  async () => {
    const other = await createTestDatabase();
    // Many channels make listening anew take a while, so the next cut lands in the middle of it.
    for (let i = 0; i < 100; i++) await other.listen(`inkwell_test_storm_${i}`, () => {});
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(other.url!).pathname.slice(1);
    // A backend that was told to terminate may still show for a moment: only the others count.
    const cut = new Set<number>();
    const listening = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
          [name],
        )
      ).rows.filter(({ pid }) => !cut.has(pid)).length;
    try {
      for (let round = 0; round < 5; round++) {
        const { rows } = await admin.query<{ pid: number }>(
          `select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'`,
          [name],
        );
        for (const { pid } of rows) cut.add(pid);
        await expect.poll(listening, { interval: 5, timeout: 15_000 }).toBeGreaterThan(0);
      }
      // Past the longest retry delay (5 s) every attempt has settled: one connection listens. A second
      // beside it would stay checked out for ever.
      await new Promise((resolve) => setTimeout(resolve, 5500));
      expect(await listening()).toBe(1);
    } finally {
      await admin.end();
    }
    const outcome = await Promise.race([
      other.drop().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting for connections')),
    ]);
    expect(outcome).toBe('closed');
  },
);

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { PLANNED_ONCE } from './planned-once.ts';
import { queryRows } from './query-rows.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const plusOne = (n: number) => sql`select ${n}::int + 1 as n`;
const twice = (n: number) => sql`select ${n}::int * 2 as n`;

it('answers each run of a named statement with its own values', async () => {
  const answers = await Promise.all(
    [1, 2, 3]
      .flatMap((n) => [plusOne(n), twice(n)])
      .map((query) => queryRows<{ n: number }>(database.db, query, { named: true })),
  );
  expect(answers.map(([row]) => row!.n)).toEqual([2, 2, 3, 4, 4, 6]);
});

it.runIf(process.env.TEST_DATABASE_URL)(
  'keeps one prepared statement per text on the connection, named by it',
  async () => {
    // A transaction holds one connection of the pool: the statements prepared on it are its own.
    const prepared = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) {
        await queryRows(tx, plusOne(n), { named: true });
        await queryRows(tx, twice(n), { named: true });
      }
      await queryRows(tx, plusOne(4));
      return queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where name like 'q\_%' order by statement`,
      );
    });
    expect(prepared.map((row) => row.statement)).toEqual([
      `${PLANNED_ONCE}select $1::int * 2 as n`,
      `${PLANNED_ONCE}select $1::int + 1 as n`,
    ]);
    expect(new Set(prepared.map((row) => row.name)).size).toBe(2);
  },
);

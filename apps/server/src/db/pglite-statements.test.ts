import { messages, PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PLANNED_ONCE } from './planned-once.ts';
import { CUSTOM_PLANS, preparedStatements } from './pglite-statements.ts';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db.close());
// Each test starts with no statement prepared and the same table.
beforeEach(async () => {
  await db.exec(`deallocate all; drop table if exists notes;
    create table notes (id int primary key, body text, at timestamptz, tags text[], doc jsonb);
    insert into notes values (1, 'one', '2024-02-29T12:34:56.789Z', '{a,"b c"}', '{"n":[1,null]}')`);
});

const outside = { rowMode: 'object', inTransaction: false } as const;
const preparedTexts = async () =>
  (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

it('answers as PGlite does, the first time and each time after, from one prepared statement', async () => {
  const statements = preparedStatements(db);
  const text = 'select *, $1::int + 1 as next from notes where id >= $2 order by id';
  const asText = { [types.TIMESTAMPTZ]: (value: string) => value };
  for (const options of [outside, { ...outside, rowMode: 'array' as const }, { ...outside, parsers: asText }]) {
    const expected = await db.query(text, [41, 1], options);
    expect(expected.rows).toHaveLength(1);
    for (let i = 0; i < 3; i++) expect(await statements.query(text, [41, 1], options)).toEqual(expected);
  }
  expect(await preparedTexts()).toEqual([text]);
});

it('keeps the statements used last, and lets the others go', async () => {
  const statements = preparedStatements(db, 3);
  const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} as n`);
  for (const text of texts) await statements.query(text, [], outside);
  await statements.query(texts[2]!, [], outside); // used again: kept before 4 and 5
  await statements.query('select 6 as n', [], outside);
  expect((await preparedTexts()).sort()).toEqual(['select 3 as n', 'select 5 as n', 'select 6 as n']);
});

it('prepares a statement again once its table changed under it', async () => {
  const statements = preparedStatements(db);
  const text = 'select * from notes where id = $1';
  expect(Object.keys((await statements.query(text, [1], outside)).rows[0]!)).not.toContain('extra');
  await db.exec(`alter table notes add column extra text default 'added'`);
  expect((await statements.query(text, [1], outside)).rows[0]).toMatchObject({ id: 1, extra: 'added' });
});

it("rejects with PostgreSQL's error, as PGlite tells it, and goes on", async () => {
  const statements = preparedStatements(db);
  const insert = 'insert into notes (id, body) values ($1, $2)';
  const error = await statements.query(insert, [1, 'again'], outside).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(messages.DatabaseError);
  expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', query: insert, params: [1, 'again'] });
  // A text PostgreSQL refuses to parse is not kept: the same error each time.
  for (let i = 0; i < 2; i++)
    await expect(statements.query('selec 1', [], outside)).rejects.toMatchObject({ code: '42601' });
  expect((await statements.query(insert, [2, 'two'], outside)).affectedRows).toBe(1);
});

it('runs inside a transaction, whose rollback leaves its statements prepared and its rows gone', async () => {
  const statements = preparedStatements(db);
  const insert = 'insert into notes (id, body) values ($1, $2)';
  await db.transaction(async (tx) => {
    await statements.query(insert, [3, 'three'], { ...outside, inTransaction: true });
    await tx.rollback();
  });
  expect((await db.query('select id from notes where id = 3')).rows).toEqual([]);
  await statements.query(insert, [3, 'three'], outside);
  expect((await db.query('select body from notes where id = 3')).rows).toEqual([{ body: 'three' }]);
  expect(await preparedTexts()).toEqual([insert]);
});

it('plans a statement sent as planned once for any values after its first runs, and every other for its own', async () => {
  await db.exec(CUSTOM_PLANS); // as the thread starts
  const statements = preparedStatements(db);
  const once = `${PLANNED_ONCE}select body from notes where id = $1`;
  const each = 'select body from notes where id = $1';
  for (let i = 0; i < 8; i++) {
    expect((await statements.query(once, [1], outside)).rows).toEqual([{ body: 'one' }]);
    expect((await statements.query(each, [1], outside)).rows).toEqual([{ body: 'one' }]);
  }
  await expect(statements.query(`${PLANNED_ONCE}select 1 / $1::int as n`, [0], outside)).rejects.toThrow(
    'division by zero',
  );
  const plans = await db.query<{ statement: string; generic_plans: number }>(
    'select statement, generic_plans from pg_prepared_statements',
  );
  const generic = Object.fromEntries(plans.rows.map((row) => [row.statement, row.generic_plans]));
  expect(generic[once]).toBeGreaterThan(0);
  expect(generic[each]).toBe(0);
  // What runs next, failed or not, is planned for its values again.
  expect((await db.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
});

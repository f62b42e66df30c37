import type { AddressInfo } from 'node:net';
import { messages, PGlite, type ParserOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from './client.ts';
import { isUniqueViolation } from './errors.ts';
import { queryRows } from './query-rows.ts';
import { startPgliteThread } from './pglite-thread.ts';

const notes = pgTable('thread_notes', { id: integer('id').primaryKey(), body: text('body') });

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table thread_notes (id integer primary key, body text)`);
});
afterAll(() => database.close());

it('answers other requests while a slow query runs', async () => {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', READ_FLUSH_SECONDS: '0' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const events: string[] = [];
    const slow = database.db.execute(sql`select pg_sleep(3)`).then(() => events.push('slow query done'));
    // The API's description asks nothing of the database; in the server's thread, PGlite held it until the sleep ended.
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/openapi.json`);
    events.push(`openapi answered ${res.status}`);
    await slow;
    expect(events).toEqual(['openapi answered 200', 'slow query done']);
  } finally {
    await app.close();
  }
});

it('runs nothing else inside a transaction, and a failed one leaves nothing behind', async () => {
  const { db } = database;
  let seenMeanwhile: Promise<number> | undefined;
  const failed = db.transaction(async (tx) => {
    await tx.insert(notes).values({ id: 1, body: 'uncommitted' });
    // On the one connection, a query slipping in now would see the row not yet committed.
    seenMeanwhile = db.$count(notes).then((count) => count); // `then` sends it now
    await new Promise((resolve) => setTimeout(resolve, 200));
    await tx.insert(notes).values({ id: 2, body: 'uncommitted' });
    throw new Error('changed my mind');
  });
  await expect(failed).rejects.toThrow('changed my mind');
  expect(await seenMeanwhile).toBe(0);
  expect(await db.$count(notes)).toBe(0);
});

it('rolls back to a savepoint for a nested transaction and keeps the outer one', async () => {
  const { db } = database;
  await db.transaction(async (tx) => {
    await tx.insert(notes).values({ id: 3, body: 'kept' });
    await expect(
      tx.transaction(async (inner) => {
        await inner.insert(notes).values({ id: 4, body: 'dropped' });
        throw new Error('inner only');
      }),
    ).rejects.toThrow('inner only');
  });
  expect(await db.select().from(notes)).toEqual([{ id: 3, body: 'kept' }]);
});

it('rolls back a transaction on a unique violation and says it was one', async () => {
  const { db } = database;
  const duplicate = db.transaction(async (tx) => {
    await tx.insert(notes).values({ id: 5, body: 'new' });
    await tx.insert(notes).values({ id: 3, body: 'taken' });
  });
  const error = await duplicate.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DrizzleQueryError);
  expect(isUniqueViolation(error)).toBe(true);
  expect(await db.select().from(notes)).toEqual([{ id: 3, body: 'kept' }]);
});

const kinds = pgTable('thread_kinds', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  day: date('day'),
  span: interval('span'),
  amount: numeric('amount'),
  big: bigint('big', { mode: 'bigint' }),
  doc: jsonb('doc'),
  raw: customType<{ data: Uint8Array }>({ dataType: () => 'bytea' })('raw'),
  tags: text('tags').array(),
  stamps: customType<{ data: string[] }>({ dataType: () => 'timestamptz[]' })('stamps'),
});
const createKinds = `create table thread_kinds (id integer primary key, at timestamptz, at_text timestamptz, day date, span interval,
  amount numeric, big bigint, doc jsonb, raw bytea, tags text[], stamps timestamptz[])`;

it('answers the same rows, types and errors as PGlite in the server thread', async () => {
  const inThread = await PGlite.create({ extensions: { pg_trgm } });
  const thread = await startPgliteThread('memory://');
  try {
    const run = async (client: unknown) => {
      const db = drizzle(client as PGlite);
      await db.execute(sql.raw(createKinds));
      await db.insert(kinds).values([
        {
          id: 1,
          at: new Date('2024-02-29T12:34:56.789Z'),
          atText: '2024-01-01 00:00:00+00',
          day: '2024-03-01',
          span: '1 day 02:00:00',
          amount: '12.3400',
          big: 9007199254740993n,
          doc: { nested: [1, 'two', null] },
          raw: Buffer.from([0, 1, 255]),
          tags: ['a', 'b c'],
          stamps: ['2024-01-01 00:00:00+00'],
        },
        { id: 2 },
      ]);
      const error = (await db
        .insert(kinds)
        .values({ id: 1 })
        .catch((e: unknown) => e)) as DrizzleQueryError;
      const cause = error.cause as messages.DatabaseError;
      return {
        typed: await db.select().from(kinds).orderBy(kinds.id),
        raw: await db.execute(sql`select *, now() - now() as zero, 1.5::float8 as f from thread_kinds order by id`),
        error: { class: error.constructor.name, query: error.query, params: error.params },
        cause: {
          database: cause instanceof messages.DatabaseError,
          ...Object.fromEntries(
            ['name', 'message', 'code', 'detail', 'constraint', 'table', 'severity', 'query', 'params'].map((k) => [
              k,
              cause[k as 'code'],
            ]),
          ),
        },
      };
    };
    const expected = await run(inThread);
    expect(expected.cause).toMatchObject({ database: true, code: '23505' });
    expect(await run(thread)).toStrictEqual(expected);
  } finally {
    await inThread.close();
    await thread.close();
  }
});

it('reads every type as PGlite does, whichever types a query asks for as text', async () => {
  // The thread's PGlite keeps Drizzle's types as text itself (pglite-worker.ts TEXT_TYPES); a
  // query asking for none of them, or for some, must still get PGlite's own values for the rest.
  const inThread = await PGlite.create();
  const thread = await startPgliteThread('memory://');
  const keep = (value: string) => value;
  const select = `select '2024-02-29 12:34:56.789+00'::timestamptz as at, '2024-03-01'::date as day,
    '1 day 02:00:00'::interval as span, array['2024-01-01 00:00:00+00'::timestamptz] as stamps,
    array['2024-01-01'::date] as days, array[1.5, 2]::numeric[] as amounts, 12.34::numeric as amount`;
  try {
    const asked: (ParserOptions | undefined)[] = [undefined, { 1184: keep }, { 1185: keep, 1700: keep }];
    for (const parsers of asked) {
      const options = parsers && { parsers };
      const expected = (await inThread.query(select, [], options)).rows;
      expect((await thread.query(select, [], options)).rows).toStrictEqual(expected);
    }
    expect((await thread.query<{ at: unknown; stamps: unknown[] }>(select)).rows[0]).toMatchObject({
      at: new Date('2024-02-29T12:34:56.789Z'),
      stamps: [new Date('2024-01-01T00:00:00Z')],
    });
  } finally {
    await inThread.close();
    await thread.close();
  }
});

it('delivers NOTIFY to the listener until it unsubscribes', async () => {
  const payloads: string[] = [];
  const unsubscribe = await database.listen('thread_channel', (payload) => payloads.push(payload));
  await database.db.execute(sql`select pg_notify('thread_channel', 'one')`);
  await expect.poll(() => payloads).toEqual(['one']);
  await unsubscribe();
  await database.db.execute(sql`select pg_notify('thread_channel', 'two')`);
  await database.db.execute(sql`select 1`);
  expect(payloads).toEqual(['one']);
});

it('fails the query it was running, and every later call, when the thread dies', async () => {
  // A heap far too small for three million rows: the thread runs out of memory and ends.
  const thread = await startPgliteThread('memory://', { resourceLimits: { maxOldGenerationSizeMb: 32 } });
  await expect(thread.query('select n from generate_series(1, 3000000) as n')).rejects.toThrow(
    /database thread failed/,
  );
  await expect(thread.query('select 1')).rejects.toThrow(/database thread failed/);
  await expect(thread.close()).rejects.toThrow(/database thread failed/);
});

it("keeps PGlite's shared buffers to DATABASE_SHARED_BUFFERS_MB, 16 MB unless set, not its own 128", async () => {
  const shown = async (db: Database['db']) =>
    (await queryRows(db, sql`select current_setting('shared_buffers') as shared_buffers`))[0];
  expect(await shown(database.db)).toEqual({ shared_buffers: '16MB' });
  const small = await openDatabase({ dataDir: 'memory://', sharedBuffersMb: 8 });
  try {
    expect(await shown(small.db)).toEqual({ shared_buffers: '8MB' });
  } finally {
    await small.close();
  }
});

import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { logSerializers } from './errors.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

/** The line the server's logger writes for an error, with the server's serializers. */
function logLine(error: unknown): string {
  let line = '';
  const logger = pino({ serializers: logSerializers }, { write: (chunk: string) => (line += chunk) });
  logger.error({ err: error }, 'request failed');
  return line;
}

const failure = (query: Promise<unknown>) =>
  query.then(
    () => expect.unreachable('the query should fail'),
    (error: unknown) => error,
  );

it('a failed query is logged by its statement and the database’s error, never with the values a user wrote', async () => {
  const written = `my password is hunter2 ${'and a long blog '.repeat(2500)}`;
  const line = logLine(await failure(database.db.execute(sql`select ${written}::int`)));
  expect(line).not.toContain('hunter2');
  expect(line.length).toBeLessThan(2000);
  const { err } = JSON.parse(line) as { err: Record<string, string> };
  expect(err).toMatchObject({
    code: '22P02',
    message: 'invalid input syntax for type integer',
    statement: 'select $1::int',
  });
});

it('other errors are logged as before, with their message and stack', () => {
  const { err } = JSON.parse(logLine(new Error('the mail server said no'))) as { err: Record<string, string> };
  expect(err.message).toBe('the mail server said no');
  expect(err.stack).toContain('log-serializers.test.ts');
});

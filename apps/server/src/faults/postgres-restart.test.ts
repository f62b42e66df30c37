import { afterAll, expect, it } from 'vitest';
import { ErrorMessages } from '@inkwell/contracts';
import { openDatabase } from '../db/client.ts';
import { counterMismatches, WriteLedger } from '../test/write-ledger.ts';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from '../test/private-postgres.ts';
import { killServers, startServer } from '../test/server-process.ts';
import { soakRounds } from '../test/soak.ts';
import { startWriteLoad, signUpWriters, type Answer } from '../test/write-load.ts';

const WRITERS = 20;
/** After PostgreSQL is back, writes succeed again within this (a generous bound, not a measure). */
const BACK_WITHIN_MS = 10_000;
const UNAVAILABLE = `503 ${JSON.stringify({ error: ErrorMessages.database_unavailable, code: 'database_unavailable' })}`;

const unavailable = privatePostgresUnavailable();
let cluster: PrivatePostgres | undefined;
afterAll(async () => {
  await killServers();
  await cluster?.teardown();
});

/** What an operator does to PostgreSQL under the server: restarts it, or has it down for a while (a crash, then a start). */
const faults = [
  { name: 'pg_ctl restart -m fast', run: (pg: PrivatePostgres) => pg.restart('fast') },
  { name: 'pg_ctl restart -m immediate', run: (pg: PrivatePostgres) => pg.restart('immediate') },
  {
    name: 'pg_ctl stop -m immediate, a while down, pg_ctl start',
    run: (pg: PrivatePostgres, whileDown: () => Promise<void>) =>
      pg
        .stop('immediate')
        .then(whileDown)
        .then(() => pg.start()),
  },
];
const rounds = soakRounds(faults.length, faults.length * 4);

it(`keeps the server up through ${rounds} PostgreSQL restarts under ${WRITERS} writers: 503 meanwhile, writing again within ${BACK_WITHIN_MS / 1000} s, nothing acknowledged lost`, async ({
  skip,
}) => {
  skip(unavailable !== null, `no private PostgreSQL: ${unavailable}`);
  cluster = await startPrivatePostgres();
  const pg = cluster;
  // Hundreds of writes a minute from a few users is the point here, not the rate limits.
  const server = await startServer({ DATABASE_URL: pg.url, RATE_LIMIT_MULTIPLIER: '1000' });
  const ledger = new WriteLedger();
  const isUnavailable = (answer: Answer) => `${answer.status} ${answer.body}` === UNAVAILABLE;
  const load = startWriteLoad(server.url, await signUpWriters(server.url, WRITERS), ledger, isUnavailable);
  const refused = () => load.outcomes().get(UNAVAILABLE) ?? 0;

  for (let round = 0; round < rounds; round++) {
    const fault = faults[round % faults.length]!;
    await load.untilAcknowledged(load.acknowledged() + 50);
    const refusedBefore = refused();
    // While it is down every write is refused in our words, at once: wait for a few such answers.
    const whileDown = () =>
      expect.poll(refused, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(refusedBefore + 3);
    await fault.run(pg, whileDown);
    await load.untilAcknowledged(load.acknowledged() + WRITERS, BACK_WITHIN_MS);
    expect(server.running(), `${fault.name}: the server is still running`).toBe(true);
  }
  await load.halt();

  // Every write was acknowledged or refused with a 503: none failed otherwise (500), none went unanswered (a hang).
  expect([...load.outcomes().keys()].sort()).toEqual(['200', UNAVAILABLE]);
  const database = await openDatabase({ databaseUrl: pg.url, dataDir: 'unused' });
  try {
    expect(await ledger.differences(database.db)).toEqual([]);
    expect(await counterMismatches(database.db)).toEqual([]);
  } finally {
    await database.close();
  }
  expect(await server.stop()).toBe(0);
}, 300_000);

import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Executor } from '../db/client.ts';
import { killServers, startServer, type ServerProcess } from '../test/server-process.ts';
import { soakRounds } from '../test/soak.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { counterMismatches, WriteLedger } from '../test/write-ledger.ts';
import { signUpWriters, startWriteLoad, type Writers } from '../test/write-load.ts';

const WRITERS = 50;
/** Hundreds of writes a minute from one address and a few users is the point here, not the rate limits. */
const LOAD_ENV = { RATE_LIMIT_MULTIPLIER: '1000' };

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-kill-'));
// Run by root, the embedded PostgreSQL runs as the postgres account, which must reach its folder.
chmodSync(work, 0o755);
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

/** A server start, a load and a restart per round, on a busy machine. */
const timeout = (rounds: number) => 180_000 + rounds * 90_000;

/**
 * Rounds of: 50 writers writing, the server killed with SIGKILL in the middle of it (after a
 * varying number of acknowledged writes), and started again on the same data. `check` runs after
 * each restart when given. Answers the ledger, the writers and the last server, still running.
 */
async function killRounds(env: Record<string, string>, rounds: number, check?: (ledger: WriteLedger) => Promise<void>) {
  const ledger = new WriteLedger();
  let server: ServerProcess = await startServer({ ...LOAD_ENV, ...env });
  const writers = await signUpWriters(server.url, WRITERS);
  for (let round = 0; round < rounds; round++) {
    const load = startWriteLoad(server.url, writers, ledger);
    await load.untilAcknowledged(100 + Math.floor(Math.random() * 200));
    const halted = load.halt();
    await server.stop('SIGKILL');
    await halted;
    // Until the kill every write was acknowledged; the ones in flight then got no answer.
    const outcomes = load.outcomes();
    const unanswered = [...outcomes]
      .filter(([outcome]) => outcome.startsWith('no answer'))
      .reduce((sum, [, n]) => sum + n, 0);
    expect(
      [...outcomes.keys()].filter((outcome) => outcome !== '200' && !outcome.startsWith('no answer')),
      `round ${round}`,
    ).toEqual([]);
    expect(unanswered).toBeLessThanOrEqual(WRITERS);

    server = await startServer({ ...LOAD_ENV, ...env });
    await check?.(ledger);
  }
  return { ledger, writers, server };
}

async function expectConsistent(db: Executor, ledger: WriteLedger) {
  expect(await ledger.differences(db)).toEqual([]);
  expect(await counterMismatches(db)).toEqual([]);
}

/** The checks would see a lost write or a counter off by one: remove an acknowledged comment behind the server's back. */
async function expectChecksCatchALostComment(db: Executor, ledger: WriteLedger, { writers }: Writers) {
  const lost = writers.flatMap((writer) => writer.comments)[0]!;
  await db.execute(sql`delete from comments where id = ${lost.id}`);
  expect(await ledger.differences(db)).toContain(`comment:${lost.id} is absent, written as present`);
  expect(await counterMismatches(db)).toContainEqual(
    expect.stringMatching(new RegExp(`^blog ${lost.blog.blog_id}: total_comments`)),
  );
}

const EMBEDDED = [
  ['PGlite', 'pglite'],
  ['the embedded PostgreSQL', 'embedded-postgres'],
] as const;

// The embedded engines are the default pass's: the PostgreSQL pass (TEST_DATABASE_URL) runs the server's alone.
it.skipIf(process.env.TEST_DATABASE_URL).each(EMBEDDED)(
  `keeps every acknowledged write, and counters equal to their rows, through ${soakRounds(2, 20)} kill -9s under ${WRITERS} writers (%s)`,
  async (_name, engine) => {
    const dataDir = path.join(work, engine);
    const { ledger, writers, server } = await killRounds({ DATA_DIR: dataDir, DATABASE: engine }, soakRounds(2, 20));
    // The data folder is the running server's alone (it is locked): looked into once it has stopped.
    await server.stop();
    const database = await openDatabase({ dataDir, embedded: engine });
    try {
      expect(ledger.size).toBeGreaterThan(0);
      await expectConsistent(database.db, ledger);
      await expectChecksCatchALostComment(database.db, ledger, writers);
    } finally {
      await database.close();
    }
  },
  timeout(soakRounds(2, 20)),
);

it.runIf(process.env.TEST_DATABASE_URL)(
  `keeps every acknowledged write, and counters equal to their rows, through ${soakRounds(2, 10)} kill -9s under ${WRITERS} writers (PostgreSQL)`,
  async () => {
    const database = await createTestDatabase();
    try {
      const { ledger, writers, server } = await killRounds(
        { DATABASE_URL: database.url! },
        soakRounds(2, 10),
        (ledger) => expectConsistent(database.db, ledger),
      );
      await server.stop();
      await expectChecksCatchALostComment(database.db, ledger, writers);
    } finally {
      await database.drop();
    }
  },
  timeout(soakRounds(2, 10)),
);

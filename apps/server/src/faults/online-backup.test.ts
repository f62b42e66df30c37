import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { killServers, startServer } from '../test/server-process.ts';
import { soakRounds } from '../test/soak.ts';
import { createEmptyDatabase, createTestDatabase } from '../test/test-database.ts';
import { counterMismatches, WriteLedger } from '../test/write-ledger.ts';
import { signUpWriters, startWriteLoad } from '../test/write-load.ts';

const run = promisify(execFile);
const backupCli = path.resolve(import.meta.dirname, '../db/backup-cli.ts');
const work = mkdtempSync(path.join(tmpdir(), 'inkwell-online-backup-'));
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

/*
 * On PGlite a backup needs the server stopped (the data folder is locked while it runs): its round
 * trip is db/backup.test.ts. On PostgreSQL, pg_dump copies one consistent moment while users write.
 */
const rounds = soakRounds(1, 5);

/** Users writing through a server on a database of its own, a backup taken meanwhile, restored into a new database, and checked. */
async function backUpWhileWriting(backups: string) {
  const database = await createTestDatabase();
  const restored = await createEmptyDatabase();
  try {
    // Hundreds of writes a minute from a few users is the point here, not the rate limits.
    const server = await startServer({ DATABASE_URL: database.url!, RATE_LIMIT_MULTIPLIER: '1000' });
    const ledger = new WriteLedger();
    const load = startWriteLoad(server.url, await signUpWriters(server.url, 20), ledger);
    await load.untilAcknowledged(100);
    // From here on a write may or may not be in the copy: pg_dump takes its moment once it has started.
    ledger.widen();
    await run(process.execPath, [backupCli], { env: { ...process.env, DATABASE_URL: database.url!, BACKUP_DIR: backups } });
    await load.untilAcknowledged(load.acknowledged() + 20);
    await load.halt();
    expect([...load.outcomes().keys()]).toEqual(['200']);
    expect(await server.stop()).toBe(0);

    const [file] = readdirSync(backups);
    expect(file).toMatch(/^inkwell-.*\.sql$/);
    await run('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--file', path.join(backups, file!), restored.url]);
    // Opened the way the server opens it: its migrations are there already, and nothing more is applied.
    const copy = await openDatabase({ databaseUrl: restored.url, dataDir: 'unused' });
    try {
      expect(await ledger.differences(copy.db)).toEqual([]);
      expect(await counterMismatches(copy.db)).toEqual([]);
    } finally {
      await copy.close();
    }
  } finally {
    await restored.drop();
    await database.drop();
  }
}

it.runIf(process.env.TEST_DATABASE_URL)(
  `backs PostgreSQL up while users write (${rounds} time(s)): the restored copy holds every write acknowledged before the backup began, its counters equal to its rows`,
  async () => {
    for (let round = 0; round < rounds; round++) await backUpWhileWriting(path.join(work, `backups-${round}`));
  },
  rounds * 120_000,
);

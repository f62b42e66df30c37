import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { killServers, startServer } from '../test/server-process.ts';
import { soakRounds } from '../test/soak.ts';
import { createEmptyDatabase, createTestDatabase } from '../test/test-database.ts';
import { counterMismatches, WriteLedger } from '../test/write-ledger.ts';
import { signUpWriters, startWriteLoad } from '../test/write-load.ts';

const run = promisify(execFile);
const backupCli = path.resolve(import.meta.dirname, '../db/backup-cli.ts');
const work = mkdtempSync(path.join(tmpdir(), 'inkwell-online-backup-'));
// Run by root, the embedded PostgreSQL runs as the postgres account, which must reach its folders.
chmodSync(work, 0o755);
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

/*
 * On PGlite a backup needs the server stopped (the data folder is locked while it runs): its round
 * trip is db/backup.test.ts. On PostgreSQL, pg_dump copies one consistent moment while users write;
 * the embedded PostgreSQL copies its folder during a base backup, and replays its WAL when restored.
 */
const rounds = soakRounds(1, 5);

/** Where a server keeps its data: its configuration, and how a backup of it is restored and opened. */
interface Target {
  env: Record<string, string>;
  restore(archive: string): Promise<Database>;
}

/** Users writing through a server, a backup taken meanwhile, restored, and checked. */
async function backUpWhileWriting(target: Target, backups: string) {
  // Hundreds of writes a minute from a few users is the point here, not the rate limits.
  const server = await startServer({ ...target.env, RATE_LIMIT_MULTIPLIER: '1000' });
  const ledger = new WriteLedger();
  const load = startWriteLoad(server.url, await signUpWriters(server.url, 20), ledger);
  await load.untilAcknowledged(100);
  // From here on a write may or may not be in the copy: the backup takes its moment once it has started.
  ledger.widen();
  await run(process.execPath, [backupCli], {
    env: { ...process.env, DATABASE_URL: '', ...target.env, BACKUP_DIR: backups },
  });
  await load.untilAcknowledged(load.acknowledged() + 20);
  await load.halt();
  expect([...load.outcomes().keys()]).toEqual(['200']);
  expect(await server.stop()).toBe(0);

  const [file] = readdirSync(backups);
  const copy = await target.restore(path.join(backups, file!));
  try {
    expect(ledger.size).toBeGreaterThan(0);
    expect(await ledger.differences(copy.db)).toEqual([]);
    expect(await counterMismatches(copy.db)).toEqual([]);
  } finally {
    await copy.close();
  }
}

it.runIf(process.env.TEST_DATABASE_URL)(
  `backs PostgreSQL up while users write (${rounds} time(s)): the restored copy holds every write acknowledged before the backup began, its counters equal to its rows`,
  async () => {
    for (let round = 0; round < rounds; round++) {
      const database = await createTestDatabase();
      const restored = await createEmptyDatabase();
      try {
        await backUpWhileWriting(
          {
            env: { DATABASE_URL: database.url! },
            async restore(archive) {
              expect(archive).toMatch(/inkwell-[^/]*\.sql$/);
              await run('psql', ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--file', archive, restored.url]);
              // Opened the way the server opens it: its migrations are there already, and nothing more is applied.
              return openDatabase({ databaseUrl: restored.url, dataDir: 'unused' });
            },
          },
          path.join(work, `backups-${round}`),
        );
      } finally {
        await restored.drop();
        await database.drop();
      }
    }
  },
  rounds * 120_000,
);

// The default pass's: the PostgreSQL pass (TEST_DATABASE_URL) runs the server's backup alone.
it.skipIf(process.env.TEST_DATABASE_URL)(
  `backs the embedded PostgreSQL up while users write (${rounds} time(s)): the archive, extracted into a new data folder, starts with every write acknowledged before the backup began, its counters equal to its rows`,
  async () => {
    for (let round = 0; round < rounds; round++) {
      const restored = path.join(work, `embedded-restored-${round}`);
      await backUpWhileWriting(
        {
          env: { DATA_DIR: path.join(work, `embedded-${round}`), DATABASE: 'embedded-postgres' },
          async restore(archive) {
            expect(archive).toMatch(/inkwell-[^/]*\.tar\.gz$/);
            mkdirSync(restored);
            chmodSync(restored, 0o755);
            await run('tar', ['-xzf', archive, '-C', restored]);
            return openDatabase({ dataDir: restored, embedded: 'embedded-postgres' });
          },
        },
        path.join(work, `embedded-backups-${round}`),
      );
      // Recovered as a backup, from where backup_label says, not as a crashed server from its last checkpoint (which may postdate pages of the copy).
      expect(readFileSync(path.join(restored, 'postgres.log'), 'utf8')).toMatch(/completed backup recovery/);
    }
  },
  rounds * 180_000,
);

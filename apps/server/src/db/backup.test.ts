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

/** Where each embedded database's archive is extracted to restore it: the folder it archived. */
const restoredInto = { pglite: 'pgdata', 'embedded-postgres': '.' } as const;

// Three openings of the embedded database (one a fresh folder, one in the backup process) take a while on a busy machine.
it.each(['pglite', 'embedded-postgres'] as const)(
  'backs up the stopped embedded database (%s) into an archive that opens again with its data',
  { timeout: 180_000 },
  async (engine) => {
    const dataDir = path.join(work, `${engine}-data`);
    const original = await openDatabase({ dataDir, embedded: engine });
    await original.db.execute(sql`insert into rate_limits (key, count, window_ends_at) values ('kept', 7, now())`);
    await original.close();

    const backups = path.join(work, `${engine}-backups`);
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, 'backup-cli.ts')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE: engine, DATABASE_URL: '', BACKUP_DIR: backups },
      stdio: 'pipe',
    });
    const [archive] = readdirSync(backups);
    expect(archive).toMatch(/^inkwell-.*\.tar\.gz$/);

    const restoredDir = path.join(work, `${engine}-restored`);
    const into = path.join(restoredDir, restoredInto[engine]);
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(backups, archive!), '-C', into], { stdio: 'pipe' });
    // No DATABASE: the restored folder runs the database it holds.
    const restored = await openDatabase({ dataDir: restoredDir });
    expect(restored.kind).toBe(engine);
    const rows = await queryRows<{ count: number }>(restored.db, sql`select count from rate_limits where key = 'kept'`);
    await restored.close();
    expect(rows).toEqual([{ count: 7 }]);
  },
);

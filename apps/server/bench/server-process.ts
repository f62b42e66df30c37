/**
 * The real server (`src/main.ts`) in a process of its own, as `npm start` starts it: on a fresh
 * data folder, chosen by environment variables, reached over real HTTP once it prints its ready
 * line. The bench's clients then never share the server's thread.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { missingMemoryLimits } from '../src/memory-limits.ts';
import { seed, type Seeded } from './seed.ts';

const main = path.resolve(import.meta.dirname, '../src/main.ts');
/** BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (NODE_OPTIONS may not carry --cpu-prof). */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/** An empty folder for a server's data. */
export function dataFolder(prefix = 'inkwell-bench-'): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  // The embedded PostgreSQL runs as another account when we are root: it must reach the folder.
  chmodSync(folder, 0o755);
  return folder;
}

/**
 * Starts the server with `env` over these defaults (a port of its own on loopback, quiet logs, no
 * rate limits in the way of the load, no DATABASE_URL), and how long it took from spawn to its
 * ready line. `preload` is a module loaded first (node --import), which may talk over IPC.
 */
export async function startServer(
  env: Record<string, string>,
  preload?: string,
): Promise<{ server: Server; ms: number }> {
  const started = performance.now();
  const serverEnv = {
    ...process.env,
    DATABASE_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '1000000',
    ...env,
  };
  // With the memory limits `npm start` gives it (start.ts), set here: a process that replaced itself
  // to take them would lose the IPC channel a preload talks over.
  const limits = missingMemoryLimits([], serverEnv);
  const child = spawn(
    process.execPath,
    [...profiling, ...(limits?.execArgv ?? []), ...(preload ? ['--import', preload] : []), main],
    {
      env: limits?.env ?? serverEnv,
      stdio: ['ignore', 'pipe', 'inherit', ...(preload ? (['ipc'] as const) : [])],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const ready = /is ready at http:\/\/[^:]+:(\d+)/.exec(out);
      if (ready) resolve(Number(ready[1]));
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  return { server: { child, base: `http://127.0.0.1:${port}`, exited }, ms: performance.now() - started };
}

export async function stopServer(server: Server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** A JSON call that must answer 200, signed in when `token` is given. */
export async function post(base: string, route: string, body: unknown, token?: string): Promise<unknown> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

export interface SeededServer {
  server: Server;
  dataDir: string;
  seeded: Seeded;
  /** Empty folder to ready line. */
  firstStartMs: number;
  /** Seeded folder to ready line. */
  restartMs: number;
}

/**
 * A fresh folder: the server's first start (which migrates), stopped; `blogs` blogs seeded into
 * its database as the server would open it; the server started again.
 */
export async function seededServer(
  env: Record<string, string>,
  blogs: number,
  preload?: string,
): Promise<SeededServer> {
  const dataDir = dataFolder();
  const first = await startServer({ ...env, DATA_DIR: dataDir }, preload);
  await stopServer(first.server);
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    embedded: config.embeddedDatabase,
  });
  const seeded = await seed(database, blogs);
  await database.close();
  const again = await startServer({ ...env, DATA_DIR: dataDir }, preload);
  return { server: again.server, dataDir, seeded, firstStartMs: first.ms, restartMs: again.ms };
}

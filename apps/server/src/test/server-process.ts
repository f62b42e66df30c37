import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const READY = /^Inkwell is ready at /m;
/** What is kept of a server's output for a failure's message: its last lines. */
const OUTPUT_KEPT = 20_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** Its output so far (the end of it), stdout and stderr together. */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  /** Sends the signal and waits for the process to end; answers its exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ServerProcess>();

/**
 * The real server (`main.ts`, or `script` of src that runs it) in a process of its own, on a free
 * port of 127.0.0.1, answered once it says it is ready. `env` holds the rest of its configuration:
 * DATA_DIR or DATABASE_URL above all.
 */
export async function startServer(
  env: Record<string, string>,
  { readyWithinMs = 90_000, script = 'main.ts' } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, '..', script)], {
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop(signal = 'SIGTERM') {
      if (server.running()) child.kill(signal);
      running.delete(server);
      return exited;
    },
  };
  running.add(server);
  const ready = new Promise<boolean>((resolve) => {
    const check = () => READY.test(output) && resolve(true);
    child.stdout.on('data', check);
    void exited.then(() => resolve(false));
  });
  const timer = new Promise<boolean>((resolve) => setTimeout(resolve, readyWithinMs, false).unref());
  if (!(await Promise.race([ready, timer]))) {
    await server.stop('SIGKILL');
    throw new Error(`The server did not say it was ready within ${readyWithinMs / 1000} s:\n${output}`);
  }
  return server;
}

/** Kills every server still running: an afterAll for tests that failed half-way. */
export async function killServers() {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './test/server-process.ts';

const main = path.resolve(import.meta.dirname, 'main.ts');
const work = mkdtempSync(path.join(tmpdir(), 'inkwell-main-'));
/** Every server a test starts; one a failed test left running is stopped here. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

// These are about the process (start, stop, the lock, its lines), so on the quicker engine to start.
const serverEnv = (env: Record<string, string>) => ({
  ...process.env,
  DATABASE_URL: '',
  DATABASE: 'pglite',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ...env,
});

function start(env: Record<string, string>, { cwd = process.cwd() } = {}) {
  const child = spawn(process.execPath, [main], { env: serverEnv(env), cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/**
 * The data folder of every test that starts a server, one after another: making a fresh one costs
 * a database cluster and every migration, seconds of CPU each time.
 */
const dataDir = path.join(work, 'data');

const READY = /^Inkwell is ready at .*$/m;
/** Opening a fresh embedded database takes a while on a busy machine; two servers in one test take longer. */
const SERVER_TEST_MS = 180_000;

async function waitForOutput(output: () => string, pattern: RegExp) {
  // Within the test's own time (SERVER_TEST_MS), so a missing line fails here rather than as a timeout.
  await expect.poll(output, { timeout: 90_000, interval: 100 }).toMatch(pattern);
}

async function waitForHealth(port: number) {
  // As long as waitForOutput: opening a fresh data folder takes most of it on a busy machine.
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  await expect.poll(healthy, { timeout: 90_000, interval: 100, message: 'server did not become healthy' }).toBe(true);
}

it('exits with a one-line error naming a data folder it cannot open', async () => {
  const file = path.join(work, 'not-a-folder');
  writeFileSync(file, 'x');
  const run = start({ DATA_DIR: file, PORT: String(await freePort()) });
  expect(await run.exited).toBe(1);
  const lines = run.stderr().trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(file);
});

it('refuses a data folder another process holds, and shuts down cleanly on SIGTERM', async () => {
  const port = await freePort();
  const first = start({ DATA_DIR: dataDir, PORT: String(port) });
  await waitForHealth(port);

  const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toContain(`The data folder ${dataDir} is in use`);

  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(existsSync(path.join(dataDir, 'inkwell.lock'))).toBe(false);

  // The data survives the restart: the database opens again on the same folder.
  const again = start({ DATA_DIR: dataDir, PORT: String(port) });
  await waitForHealth(port);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
});

it(
  'says in one line where it is ready and where the data lives, and logs JSON lines when stdout is not a terminal',
  async () => {
    const port = await freePort();
    const run = start({ DATA_DIR: path.basename(dataDir), PORT: String(port), LOG_LEVEL: 'info' }, { cwd: work });
    await waitForOutput(run.stdout, READY);
    const lines = run.stdout().trim().split('\n');
    expect(lines.filter((line) => READY.test(line))).toEqual([
      `Inkwell is ready at http://127.0.0.1:${port} (embedded database (PGlite) in ./data)`,
    ]);
    const logs = lines.filter((line) => !READY.test(line));
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(() => JSON.parse(line), line).not.toThrow();

    // A second server on the same port says what to do, in one line, and stops.
    const second = start({ DATA_DIR: path.join(work, 'data-second'), PORT: String(port) });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toBe(
      `Port ${port} is in use. Stop the other server or choose another with PORT=${port + 1}.\n`,
    );
    expect(second.stdout()).not.toMatch(READY);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  },
  SERVER_TEST_MS,
);

it('refuses a configuration mistake in one line', async () => {
  const run = start({ CORS_ORIGINS: 'https://app.example.org/editor', DATA_DIR: path.join(work, 'never-opened') });
  expect(await run.exited).toBe(1);
  expect(run.stderr()).toBe(
    'inkwell: Invalid configuration: CORS_ORIGINS: https://app.example.org/editor is not an origin; write scheme, host and optional port only, such as https://app.example.org\n',
  );
});

const hasScript = existsSync('/usr/bin/script');

it.runIf(hasScript)(
  'logs readable lines when stdout is a terminal',
  async () => {
    const port = await freePort();
    // script(1) runs the server on a pseudo-terminal, as a person's shell would.
    const child = spawn('script', ['-qfec', `'${process.execPath}' '${main}'`, '/dev/null'], {
      env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await waitForOutput(() => output, READY);
    // eslint-disable-next-line no-control-regex
    const text = output.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');
    expect(text).toMatch(
      new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] INFO: Server listening at http://127\\.0\\.0\\.1:${port}$`, 'm'),
    );
    expect(text).toContain(`Inkwell is ready at http://127.0.0.1:${port}`);
    expect(text).not.toMatch(/^\{/m);
    child.kill('SIGTERM');
    await exited;
  },
  SERVER_TEST_MS,
);

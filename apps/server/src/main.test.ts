import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const main = path.resolve(import.meta.dirname, 'main.ts');
const work = mkdtempSync(path.join(tmpdir(), 'inkwell-main-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, stderr: () => stderr };
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
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
  const dataDir = path.join(work, 'data');
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

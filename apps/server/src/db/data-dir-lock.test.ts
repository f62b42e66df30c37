import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-lock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const folder = (name: string) => {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};

it('refuses the folder while it is held, in this process too, and gives it up on release', async () => {
  const dir = folder('held');
  const release = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(
    `The data folder ${dir} is in use by another Inkwell process (pid ${process.pid})`,
  );
  await release();
  const again = lockDataDir(dir);
  await again();
});

it('takes over a lock file left by a crash, even when its pid now belongs to a live process', async () => {
  const dir = folder('left-over');
  // The parent of this test runner is alive: a lock that trusted pids would wait for it for ever.
  writeFileSync(path.join(dir, 'inkwell.lock'), String(process.ppid));
  const release = lockDataDir(dir);
  await release();
});

/**
 * Six processes try the folder at once, and a holder keeps it until all six have said how they
 * fared: how many said they held it. (Holding it for a fixed time let a process that a busy
 * machine started late find the folder free again, and count a second holder.)
 */
async function race(dir: string): Promise<number> {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
    let outcome = 'held';
    try { lockDataDir(${JSON.stringify(dir)}); } catch { outcome = 'refused'; }
    console.log(outcome);
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));`;
  const children = Array.from({ length: 6 }, () =>
    spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const ended = children.map((child) => new Promise((resolve) => child.on('close', resolve)));
  const outputs = await Promise.all(
    children.map(
      (child) =>
        new Promise<string>((resolve) => {
          let output = '';
          child.stdout.on('data', (chunk) => {
            output += chunk;
            if (output.includes('\n')) resolve(output.trim());
          });
          // A process that ended without a line is answered by what it wrote, and fails the check below.
          child.on('close', () => resolve(output.trim()));
        }),
    ),
  );
  for (const child of children) child.stdin.end();
  await Promise.all(ended);
  expect(
    outputs.every((output) => output === 'held' || output === 'refused'),
    outputs.join(','),
  ).toBe(true);
  return outputs.filter((output) => output === 'held').length;
}

it(
  'gives the folder to exactly one of six processes starting at once on a left-over lock',
  { timeout: 60_000 },
  async () => {
    const dir = folder('race');
    for (let round = 0; round < 3; round++) {
      writeFileSync(path.join(dir, 'inkwell.lock'), '999999');
      expect(await race(dir), `round ${round + 1}`).toBe(1);
    }
  },
);

it('npm run migrate against a running server says so in one line', { timeout: 60_000 }, async () => {
  const dir = folder('migrate');
  const release = lockDataDir(dir);
  const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'migrate-cli.ts')], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  await release();
  expect(run.status).toBe(1);
  expect(run.stderr).toBe(
    `inkwell: The data folder ${dir} is in use by another Inkwell process (pid ${process.pid})\n`,
  );
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingMemoryLimits } from './memory-limits.ts';
import { killServers, startServer } from './test/server-process.ts';

const OURS = ['--max-semi-space-size=32', '--max-old-space-size=512', '--expose-gc'];
const OURS_BESIDE_PGLITE = ['--max-semi-space-size=8', ...OURS.slice(1)];
const TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=65536';

describe('the memory limits of the server process', () => {
  it("adds V8's heap flags and glibc's tunables to a process started without them, and nothing once it has them", () => {
    const launch = missingMemoryLimits([], { PATH: '/bin' }, 'linux');
    expect(launch).toEqual({ execArgv: OURS, env: { PATH: '/bin', GLIBC_TUNABLES: TUNABLES } });
    expect(missingMemoryLimits(launch!.execArgv, launch!.env, 'linux')).toBeUndefined();
  });

  it('keeps the young generation small where PGlite shares the process', () => {
    expect(missingMemoryLimits([], { DATABASE: 'pglite' }, 'linux')?.execArgv).toEqual(OURS_BESIDE_PGLITE);
    expect(missingMemoryLimits([], { DATABASE: 'embedded-postgres' }, 'linux')?.execArgv).toEqual(OURS);
  });

  it("keeps an operator's own choice, on the command line, in NODE_OPTIONS (either spelling) or in GLIBC_TUNABLES", () => {
    expect(missingMemoryLimits(['--max-old-space-size=2048'], {}, 'linux')?.execArgv).toEqual([OURS[0], OURS[2]]);
    expect(missingMemoryLimits([], { NODE_OPTIONS: '--max_semi_space_size=32 --trace-gc' }, 'linux')?.execArgv).toEqual(
      [OURS[1], OURS[2]],
    );
    expect(missingMemoryLimits([], { GLIBC_TUNABLES: 'glibc.malloc.arena_max=8' }, 'linux')?.env.GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=8:glibc.malloc.mmap_threshold=65536',
    );
  });

  it('sets no glibc tunables where there is no glibc', () => {
    expect(missingMemoryLimits([], { PATH: '/bin' }, 'darwin')).toEqual({ execArgv: OURS, env: { PATH: '/bin' } });
  });
});

const work = mkdtempSync(path.join(tmpdir(), 'inkwell-limits-'));
afterAll(async () => {
  await killServers();
  rmSync(work, { recursive: true, force: true });
});

it.runIf(process.platform === 'linux')(
  'npm start (start.ts) serves from the process it was started as, with the limits',
  { timeout: 180_000 },
  async () => {
    const server = await startServer({ DATABASE: 'pglite', DATA_DIR: work }, { script: 'start.ts' });
    try {
      const argv = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
      const env = readFileSync(`/proc/${server.pid}/environ`, 'utf8').split('\0');
      expect(argv).toEqual(expect.arrayContaining([...OURS_BESIDE_PGLITE, path.join(import.meta.dirname, 'main.ts')]));
      // glibc rewrites the variable where the kernel keeps it as it reads it, so only its start is sure to be seen there.
      expect(env.find((line) => line.startsWith('GLIBC_TUNABLES='))).toMatch(
        /^GLIBC_TUNABLES=glibc\.malloc\.arena_max=2/,
      );
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  },
);

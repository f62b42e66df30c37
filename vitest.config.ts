import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest's default, cores − 1, is one worker on a two-core machine, which then idles a core whenever
// the test files wait on a database, a child process or a socket (most server files do), and
// once CI's PostgreSQL pass beside it ends: two at the least.
const maxWorkers = Math.max(2, availableParallelism() - 1);

/** How long a test and a hook may take, in every pass. */
export const timeouts = { testTimeout: 60_000, hookTimeout: 120_000 };

/** The server's test files that mock a module (`vi.mock`): each runs in a process of its own, and ESLint lets them. */
export const MOCKING = ['apps/server/src/hostile/ssrf.test.ts'];

/** The server's tests (the PostgreSQL pass, vitest.postgres.config.ts, runs them too). */
export const serverTests = {
  include: ['apps/server/src/**/*.test.ts'],
  exclude: [...configDefaults.exclude, ...MOCKING],
  pool: 'forks' as const,
  // A test file's PGlite runs for seconds: optimising PostgreSQL's WebAssembly with TurboFan
  // costs more CPU than it wins back in that time, and CI is CPU-bound.
  execArgv: ['--liftoff-only'],
  // Each file builds its own app on its own database and closes it, so the files of a worker can
  // share the modules they import: loading the whole server again for each file was a third of
  // the suite's CPU (229 s of 594 on two cores). A file that mocks a module needs its own.
  isolate: false,
};

export default defineConfig({
  test: {
    maxWorkers,
    ...timeouts,
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', ...serverTests } },
      {
        extends: true,
        test: { ...serverTests, name: 'server, mocking', include: MOCKING, exclude: [], isolate: true },
      },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/*.test.ts'] } },
      { extends: true, test: { name: 'docs', include: ['docs/**/*.test.ts'] } },
    ],
  },
});

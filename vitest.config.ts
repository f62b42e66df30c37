import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'server', include: ['apps/server/src/**/*.test.ts'], pool: 'forks' } },
      { extends: true, test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      { extends: true, test: { name: 'docs', include: ['docs/**/*.test.ts'] } },
    ],
  },
});

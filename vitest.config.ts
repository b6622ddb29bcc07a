import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'services/**/*.test.ts',
      'scripts/**/*.test.mjs',
      'bench/**/*.test.ts',
      'projections/**/*.test.ts',
      'e2e/**/*.test.ts',
      'web-member/src/**/*.test.{ts,tsx}',
      'web-admin/src/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // One initialised PGlite data folder for the run: fresh embedded databases load it instead of running initdb.
    globalSetup: ['./scripts/pglite-template.mjs'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a state that arrives asynchronously (a webhook, a projector, a render):
    // vitest's 1 s default is far too short on a loaded CI runner.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // Suites share one PostgreSQL and one Redis; each uses its own schema or key prefix.
    fileParallelism: true,
    maxWorkers: 2,
  },
});

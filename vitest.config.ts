import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/**/*.test.ts', 'projections/**/*.test.ts', 'e2e/**/*.test.ts', 'web-member/src/**/*.test.{ts,tsx}', 'web-admin/src/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Suites share one PostgreSQL and one Redis; each uses its own schema or key prefix.
    fileParallelism: true,
    maxWorkers: 2,
  },
});

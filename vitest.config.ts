import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'platform/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Unit tests are pure functions of their inputs: they share modules within a worker
          // instead of loading every module again per file (about 12 s instead of 30 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One pair of workers per file, started from a copy of a database seeded once per run
          // (tests/support/global-setup.ts); two files at a time on a 2-core machine.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});

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
          // (tests/support/global-setup.ts). Four files at a time even on a 2-core machine: a file
          // spends much of its time waiting on its workers, and two at a time kept the cores 60%
          // busy (219 s; four: 174 s, six: no faster). INTEGRATION_WORKERS overrides it.
          fileParallelism: true,
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 4),
          // What keeps files apart is their pair of workers, not their Node module graph: each
          // vitest worker runs file after file with Miniflare and the app's modules loaded once,
          // instead of a new process that loads them again for every file (about 80 of the
          // layer's 390 CPU seconds). Nothing here keeps state between files but counters that
          // only need to be unique, and vitest resets vi.setConfig and mocks after each file.
          isolate: false,
        },
      },
    ],
  },
});

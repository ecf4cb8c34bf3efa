import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/database-template.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/data-dir-template.ts', 'e2e/support/browser-server.ts'],
          // `npm test` runs part of them beside the PostgreSQL API run (decision 223): a test of 45 s alone
          // took up to 70 s under such load.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One file at a time in a run, sharing its Chromium: two side by side on 2 cores took 40–90 s a file
          // against about 20 s alone, a server and a browser each wanting a core (docs/architecture.md).
          maxWorkers: 1,
          // One worker process for the run's files: a new one per file cost ~0.8 CPU-s to start and import
          // Playwright again (3 files: 41 → 37 CPU-s). The files share no state but the suite's Chromium.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

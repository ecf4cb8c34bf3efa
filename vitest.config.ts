import { availableParallelism } from 'node:os';
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
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A file per core, each with its own server, sharing the suite's Chromium (docs/architecture.md,
          // "CI stages").
          maxWorkers: availableParallelism(),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

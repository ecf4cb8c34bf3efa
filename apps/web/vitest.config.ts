import { defineConfig } from 'vitest/config';

/** Unit tests of the web client's pure logic (API client, errors, redirects) and of its build's checks; pages are covered by e2e/. */
export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', '*.test.ts'],
    environment: 'node',
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Browser tests: headless Debian Chromium driven by playwright-core against the
 * built reference app served by the real server on a fresh database (a copy of the demo data
 * the global set-up seeds once per run; docs/testing.md).
 * One file at a time: the machine has two cores and each file starts a server and a browser.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

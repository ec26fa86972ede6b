import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Root vitest config. Each package and example with a `vitest.config.ts`
 * is a project named after its package.json. Browser tests live in `e2e/`
 * with their own config (`npm run test:e2e`), because they need a built app
 * and a running server.
 *
 * At least two test files at a time: Vitest's default (one worker fewer than the cores) is a
 * single worker on a two-core CI machine, and the server's tests spend much of their time
 * waiting on PostgreSQL, Chromium (report PDFs) and argon2's thread pool (docs/testing.md).
 */
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/*/vitest.config.ts',
      'examples/*/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});

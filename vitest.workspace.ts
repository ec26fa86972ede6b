import { defineConfig } from 'vitest/config';

/**
 * Root vitest config. Each package and example with a `vitest.config.ts`
 * is a project named after its package.json. Browser tests live in `e2e/`
 * with their own config (`npm run test:e2e`), because they need a built app
 * and a running server.
 */
export default defineConfig({
  test: {
    // Two test files at a time (the CI machine has two cores). Every server test works in a
    // database of its own that no other process touches: SQLite in memory, or a PostgreSQL schema
    // in a database claimed by one test process (packages/server/src/test/fixtures.ts).
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'packages/server/vitest.isolated.config.ts',
      'examples/*/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});

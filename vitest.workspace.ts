import { defineConfig } from 'vitest/config';

/**
 * Root vitest config. Each package and example with a `vitest.config.ts`
 * is a project named after its package.json. Browser tests live in `e2e/`
 * with their own config (`npm run test:e2e`), because they need a built app
 * and a running server.
 */
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'examples/*/vitest.config.ts',
      'scripts/vitest.config.mjs',
    ],
  },
});

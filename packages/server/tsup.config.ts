import { defineConfig } from 'tsup';

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/main.ts',
    'src/seed-cli.ts',
    'src/create-admin-cli.ts',
    'src/precompress-cli.ts',
  ],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  platform: 'node',
  // The wire contract is a workspace package: keep it external like every other dependency.
  // playwright-core is an optional dependency, which tsup would otherwise bundle: bundled, it
  // cannot find its own data files (`Cannot find module '../browsers.json'`) and PDF export fails.
  external: ['@examkit/contracts', 'playwright-core'],
});

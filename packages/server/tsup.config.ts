import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/main.ts', 'src/seed-cli.ts', 'src/precompress-cli.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  platform: 'node',
  // The wire contract is a workspace package: keep it external like every other dependency.
  external: ['@examkit/contracts'],
});

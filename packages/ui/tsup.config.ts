import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', theme: 'src/theme/theme.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
});

import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', react: 'src/react.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  esbuildOptions(options) {
    // Chinese texts as UTF-8, not \u escapes: a third of the bytes.
    options.charset = 'utf8';
  },
});

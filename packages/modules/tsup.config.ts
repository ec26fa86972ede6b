import { defineConfig } from 'tsup';

export default defineConfig({
  entry: [
    'src/index.ts',
    'src/shell.ts',
    'src/exam/index.ts',
    'src/report/index.ts',
    'src/system/index.ts',
    'src/marking/index.ts',
    'src/scan/index.ts',
    'src/ai/index.ts',
    'src/download/index.ts',
    'src/message/index.ts',
  ],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  esbuildOptions(options) {
    // Chinese texts as UTF-8, not \u escapes.
    options.charset = 'utf8';
  },
});

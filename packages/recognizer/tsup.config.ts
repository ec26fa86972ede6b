import { defineConfig } from 'tsup';

export default defineConfig({
  // worker.ts is its own entry: the pool starts dist/worker.js next to dist/index.js.
  entry: ['src/index.ts', 'src/worker.ts', 'src/corpus/index.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/corpus/index.ts'] },
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  external: ['sharp', 'pdfkit', '@examkit/answer-sheet'],
});

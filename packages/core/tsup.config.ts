import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  // The few pure rules core takes from the contract (academicYearOf, termOf, …) are inlined from its
  // sources: its built entry is one file, and importing it would pull in the whole schema library.
  noExternal: ['@examkit/contracts'],
  esbuildOptions(options) {
    options.conditions = ['source'];
    // Chinese texts as UTF-8, not \u escapes: a third of the bytes.
    options.charset = 'utf8';
  },
});

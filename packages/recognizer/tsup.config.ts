import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  // worker.ts is its own entry: the pool starts dist/worker.js next to dist/index.js.
  entry: ['src/index.ts', 'src/worker.ts', 'src/corpus/index.ts'],
  dts: { entry: ['src/index.ts', 'src/corpus/index.ts'] },
  external: ['sharp', 'pdfkit', '@examkit/answer-sheet'],
});

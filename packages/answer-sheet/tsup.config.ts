import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'pdf/index': 'src/pdf/index.ts',
    'designer/index': 'src/designer/index.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  platform: 'neutral',
  removeNodeProtocol: false,
  external: ['pdfkit', 'fontkit', 'react', 'react-dom', 'styled-components', /^node:/],
});

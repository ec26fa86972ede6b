import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    'pdf/index': 'src/pdf/index.ts',
    'designer/index': 'src/designer/index.ts',
  },
  platform: 'neutral',
  removeNodeProtocol: false,
  external: ['pdfkit', 'fontkit', 'react', 'react-dom', 'styled-components', /^node:/],
});

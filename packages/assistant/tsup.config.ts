import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({ entry: { index: 'src/index.ts', core: 'src/core/index.ts' } });

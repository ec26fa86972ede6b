import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({ entry: { index: 'src/index.ts', theme: 'src/theme/theme.ts' } });

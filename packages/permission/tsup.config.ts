import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({ entry: ['src/index.ts'] });

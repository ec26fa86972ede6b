import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: { index: 'src/index.ts', react: 'src/react.ts' },
  utf8: true,
});

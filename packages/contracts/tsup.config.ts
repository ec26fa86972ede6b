import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: { index: 'src/index.ts', rules: 'src/rules.ts' },
  utf8: true,
});

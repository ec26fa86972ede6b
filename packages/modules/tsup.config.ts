import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: [
    'src/index.ts',
    'src/shell.ts',
    'src/exam/index.ts',
    'src/report/index.ts',
    'src/system/index.ts',
    'src/marking/index.ts',
    'src/scan/index.ts',
    'src/ai/index.ts',
    'src/download/index.ts',
    'src/message/index.ts',
    'src/resource/index.ts',
    'src/homework/index.ts',
    'src/operator/index.ts',
  ],
  utf8: true,
});

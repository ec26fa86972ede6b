import { mergeConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { packageProject } from '../../scripts/vitest-project';

// The template databases every test server copies, made once a run (src/test/globalSetup.ts).
export default mergeConfig(packageProject(pkg.name, 'node'), {
  test: { globalSetup: ['src/test/globalSetup.ts'] },
});

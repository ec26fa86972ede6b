import { configDefaults, mergeConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { packageProject } from '../../scripts/vitest-project';
import { ISOLATED_SERVER_TESTS } from './vitest.isolated.config';

// The template databases every test server copies, made once a run (src/test/globalSetup.ts).
// Test files share their worker's modules (`isolate: false`): importing the server into every
// file's fresh module graph was a third of the project's time (docs/testing.md). The few files
// that mock a module or stub the environment run apart, isolated (vitest.isolated.config.ts).
export default mergeConfig(packageProject(pkg.name, 'node'), {
  test: {
    globalSetup: ['src/test/globalSetup.ts'],
    isolate: false,
    exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_TESTS],
  },
});

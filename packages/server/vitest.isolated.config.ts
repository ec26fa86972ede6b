import { mergeConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { packageProject } from '../../scripts/vitest-project';

/**
 * Server test files that replace a module (`vi.mock`) or stub the environment (`vi.stubEnv`) for
 * the whole file: in a shared module graph that would reach the files after them, so they run
 * in a module graph of their own each (the default), as a project of their own.
 */
export const ISOLATED_SERVER_TESTS = [
  'src/auth/rateLimits.test.ts',
  'src/scan/multipage.test.ts',
  'src/scan/objective.test.ts',
  'src/scan/overview.test.ts',
  'src/scan/qrcode.test.ts',
  'src/scan/scan.test.ts',
];

export default mergeConfig(packageProject(`${pkg.name} (isolated)`, 'node'), {
  test: { globalSetup: ['src/test/globalSetup.ts'], include: ISOLATED_SERVER_TESTS },
});

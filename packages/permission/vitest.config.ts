import pkg from './package.json' with { type: 'json' };
import { packageProject } from '../../scripts/vitest-project';

export default packageProject(pkg.name, 'jsdom');

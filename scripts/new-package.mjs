// Writes the standard files of a published package (used once to scaffold; kept for new packages).
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
const [name, env = 'jsdom', description = ''] = process.argv.slice(2);
const dir = `packages/${name}`;
mkdirSync(`${dir}/src`, { recursive: true });
const write = (f, s) => existsSync(`${dir}/${f}`) || writeFileSync(`${dir}/${f}`, s);
write(
  'tsconfig.json',
  JSON.stringify({ extends: '../../tsconfig.json', include: ['src'] }, null, 2) + '\n',
);
write(
  'vitest.config.ts',
  `import pkg from './package.json' with { type: 'json' };
import { packageProject } from '../../scripts/vitest-project';

export default packageProject(pkg.name, '${env}');
`,
);
write(
  'tsup.config.ts',
  `import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({ entry: ['src/index.ts'] });
`,
);
console.log(`scaffolded ${dir} (${description})`);

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
  `import { defineProject } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: pkg.name,
    environment: '${env}',${env === 'jsdom' ? "\n    setupFiles: ['../../scripts/vitest-setup-dom.ts']," : ''}
  },
});
`,
);
write(
  'tsup.config.ts',
  `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
});
`,
);
console.log(`scaffolded ${dir} (${description})`);

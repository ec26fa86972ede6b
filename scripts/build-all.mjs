// Builds the packages, then the example apps (what `npm start` and the browser tests serve),
// then writes the brotli and gzip copies the server sends (packages/server/src/core/staticFiles.ts).
// `--apps`: the packages are already built (the browser tests' set-up after `npm test`'s build
// step), so only the apps are built and compressed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ABILITY_GROWTH_HOST } from './ability-growth-host.mjs';

if (!process.argv.includes('--apps'))
  execFileSync('node', ['scripts/build-packages.mjs'], { stdio: 'inherit' });
const apps = [
  'examples/web',
  'examples/partner-portal',
  'examples/gallery',
  'examples/ability-growth',
].filter((app) => existsSync(`${app}/package.json`));
for (const app of apps) {
  console.log(`\n▶ build ${app}`);
  // Always React's production build, whatever NODE_ENV the caller runs under (Vitest sets "test").
  execFileSync('npm', ['run', 'build', '--silent'], {
    cwd: app,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The reference app loads the AbilityGrowth sub-application from here (docs/ability-growth.md).
      VITE_ABILITY_GROWTH_HOST: ABILITY_GROWTH_HOST,
    },
  });
}
execFileSync(
  'node',
  ['packages/server/dist/precompress-cli.js', ...apps.map((app) => `${app}/dist`)],
  { stdio: 'inherit' },
);

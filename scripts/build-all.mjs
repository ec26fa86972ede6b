// Builds the packages, then the example apps (what `npm start` and the browser tests serve),
// then writes the brotli and gzip copies the server sends (packages/server/src/core/staticFiles.ts).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

execFileSync('node', ['scripts/build-packages.mjs'], { stdio: 'inherit' });
const apps = ['examples/web', 'examples/partner-portal', 'examples/gallery'].filter((app) =>
  existsSync(`${app}/package.json`),
);
for (const app of apps) {
  console.log(`\n▶ build ${app}`);
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: app, stdio: 'inherit' });
}
execFileSync(
  'node',
  ['packages/server/dist/precompress-cli.js', ...apps.map((app) => `${app}/dist`)],
  { stdio: 'inherit' },
);
